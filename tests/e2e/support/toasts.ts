import { expect, type Page } from '@playwright/test'

declare global {
  interface Window {
    __toastsSeen?: string[]
  }
}

/**
 * Records the text of every toast the page shows from now on. A toast lives 3 s; on a loaded machine
 * a check that polls for it can miss it, while the record keeps it.
 */
export async function recordToasts(page: Page): Promise<void> {
  await page.evaluate(() => {
    if (window.__toastsSeen) return
    const seen: string[] = []
    window.__toastsSeen = seen
    const note = (node: Node) => {
      if (!(node instanceof HTMLElement)) return
      const toasts = node.matches('[data-testid="toast"]')
        ? [node]
        : [...node.querySelectorAll<HTMLElement>('[data-testid="toast"]')]
      for (const toast of toasts) seen.push(toast.textContent ?? '')
    }
    note(document.body)
    new MutationObserver((records) => {
      for (const record of records) record.addedNodes.forEach(note)
    }).observe(document.body, { childList: true, subtree: true })
  })
}

/** Waits until a toast containing `text` has been shown since `recordToasts`. */
export async function expectToastShown(page: Page, text: string): Promise<void> {
  await expect
    .poll(() => page.evaluate(() => window.__toastsSeen ?? null), { message: `a toast saying '${text}'` })
    .toEqual(expect.arrayContaining([expect.stringContaining(text)]))
}
