import { createElement } from 'react'
import { renderToString } from 'react-dom/server'
import { Provider } from 'react-redux'
import { describe, expect, it } from 'vitest'
import { createAppStore } from '../../../src-renderer/app/store'
import { ToastProvider } from '../../../src-renderer/components/toast'
import { forgetRecordUndo, useUndoSteps } from '../../../src-renderer/components/undo/use-undo-steps'

/**
 * Issue 16: a record change the server refused is put back ("The server refused your change to pay
 * range <name>: <reason> It was put back."); the records screens' undo histories start over, so
 * redo cannot send the refused change again.
 */

type Steps = ReturnType<typeof useUndoSteps>

function screen(keepAs: string): { html: string; steps: Steps } {
  let steps: Steps | null = null
  function Screen() {
    steps = useUndoSteps(() => undefined, { keys: false, keepAs })
    return createElement('span', null, steps.undoLabel ?? 'nothing to undo')
  }
  const store = createAppStore()
  const html = renderToString(
    createElement(Provider, {
      store,
      children: createElement(ToastProvider, { children: createElement(Screen) }),
    }),
  )
  return { html, steps: steps as unknown as Steps }
}

describe('records undo after a refused push', () => {
  it('a kept history is forgotten, so the screen opens with nothing to undo or redo', () => {
    const first = screen('payRanges:book')
    first.steps.record({ label: 'Edit Band 3', undo: async () => undefined, redo: async () => undefined })
    expect(screen('payRanges:book').html).toContain('Edit Band 3')
    forgetRecordUndo()
    const again = screen('payRanges:book')
    expect(again.html).toContain('nothing to undo')
    expect(again.steps.redoLabel).toBeNull()
  })
})
