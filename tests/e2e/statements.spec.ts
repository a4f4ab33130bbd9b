import { expect, test } from '@playwright/test'
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { generateDemoCompany } from '../../src-main/workbook/demo'
import { startApp, type RunningApp } from './support/app'

// The bundled demo company (500 employees, seed 1), as `npm start` opens it.
const demo = generateDemoCompany({ employees: 500, seed: 1 })
const SHOTS = process.env.STATEMENTS_SHOTS

test.describe('reward statements as a COMM_MANAGER', () => {
  let app: RunningApp
  test.beforeAll(async () => {
    app = await startApp(['--demo', '--as', demo.sampleUsers.COMM_MANAGER])
  })
  test.afterAll(async () => {
    await app.stop()
  })

  test('writes a template with merge tags, previews it, saves a team’s PDFs and undoes a delete', async ({
    page,
  }) => {
    test.setTimeout(120_000)
    await page.goto(app.url)
    await expect(page.locator('body')).toHaveAttribute('data-app-state', 'loaded')
    const nav = page.getByRole('navigation', { name: 'Pages' })
    await expect(nav.getByRole('link')).toHaveText(['Reward Statements'])
    await nav.getByRole('link', { name: 'Reward Statements' }).click()
    await expect(page.getByTestId('statement-templates-empty')).toBeVisible()

    // A new template: name, a typo'd tag flagged while typing, then fixed through the insert menu.
    const editor = page.getByTestId('statement-editor')
    await expect(editor).toHaveAttribute('data-mode', 'create')
    await page.getByTestId('ste-name').fill('Annual review 2026')
    await page.getByTestId('ste-intro').fill('Dear {{nmae}},')
    await expect(page.getByTestId('ste-problems-intro')).toHaveText(
      'Unknown merge tag {{nmae}}: choose one from Insert tag.',
    )
    await expect(page.getByTestId('ste-save')).toBeDisabled()
    await page
      .getByTestId('ste-intro')
      .fill('Dear ,\n\nFrom {{effective_date}} your base pay is {{new_salary}}. ')
    await page.getByTestId('ste-intro').evaluate((el: HTMLTextAreaElement) => el.setSelectionRange(5, 5))
    await page.getByTestId('ste-insert-intro').selectOption('name')
    await expect(page.getByTestId('ste-intro')).toHaveValue(
      'Dear {{name}},\n\nFrom {{effective_date}} your base pay is {{new_salary}}. ',
    )
    await expect(page.getByTestId('ste-problems-intro')).toHaveCount(0)
    // At 1024 px the Insert tag menu's long options do not push the field past the editor card.
    await page.setViewportSize({ width: 1024, height: 700 })
    const card = await editor.boundingBox()
    for (const part of ['ste-intro', 'ste-insert-intro']) {
      const box = await page.getByTestId(part).boundingBox()
      expect(box && card && box.x + box.width <= card.x + card.width).toBe(true)
    }
    // Undo takes back the insert, Redo makes it again.
    await page.getByTestId('ste-undo').click()
    await expect(page.getByTestId('ste-intro')).toHaveValue(
      'Dear ,\n\nFrom {{effective_date}} your base pay is {{new_salary}}. ',
    )
    await page.getByTestId('ste-redo').click()
    await page.getByTestId('ste-tag-compaRatio').check()
    await page.getByTestId('ste-logo-input').setInputFiles({
      name: 'logo.png',
      mimeType: 'image/png',
      buffer: fs.readFileSync(path.resolve(__dirname, '../../resources/icon.png')),
    })
    await expect(page.getByTestId('ste-logo-image')).toBeVisible()
    await page.getByTestId('ste-save').click()
    await expect(
      page.getByTestId('toast').filter({ hasText: 'Created template Annual review 2026' }),
    ).toBeVisible()
    await expect(page.getByTestId('statement-template')).toHaveText(['Annual review 2026 · logo'])
    if (SHOTS) await page.screenshot({ path: path.join(SHOTS, 'statement-editor.png'), fullPage: true })

    // The preview: a chosen employee's statement, in the currency of their pay.
    const person = demo.employees.find((e) => e.payCurrency !== 'USD') ?? demo.employees[1]
    await page.getByTestId('ste-preview').click()
    const preview = page.getByTestId('statement-preview')
    await expect(preview.getByTestId('statement-preview-page')).toHaveCount(1)
    await page.getByTestId('statement-preview-search').fill(person.companyEmployeeId)
    await page
      .locator(`[data-testid="statement-preview-employee"][data-employee-id="${person.companyEmployeeId}"]`)
      .click()
    await expect(page.getByTestId('statement-preview-currency')).toHaveText(
      `${person.name}: amounts in ${person.payCurrency}, the currency of their pay.`,
    )
    const page1 = preview.getByTestId('statement-preview-page').first()
    await expect(page1).toContainText(`Dear ${person.name},`)
    await expect(page1).toContainText('Compa-ratio')
    await expect(page1).not.toContainText('{{')
    if (SHOTS) await page.screenshot({ path: path.join(SHOTS, 'statement-preview.png') })
    await page.getByTestId('statement-preview-close').click()

    // Save PDFs for a team (the folder typed, as in browser mode), with progress, then the files listed.
    await page.getByTestId('statements-tab-statements').click()
    await expect(page.getByTestId('statements-send-note')).toContainText('Save PDFs instead')
    await expect(page.getByTestId('statements-row')).toHaveCount(25)
    const team = demo.teams.find(
      (t) => t.parentTeamId !== null && demo.employees.filter((e) => e.teamId === t.id).length >= 3,
    )!
    await expect(page.getByTestId('statements-count')).toHaveText('500 employees')
    await page.getByTestId('statements-team').selectOption(String(team.id))
    await expect(page.getByTestId('statements-count')).not.toHaveText('500 employees')
    const listed = Number(
      (await page.getByTestId('statements-count').textContent())?.split(' ')[0].replace(/,/g, ''),
    )
    expect(listed).toBeGreaterThanOrEqual(3)
    await page.getByTestId('statements-generate').click()
    await page.getByTestId('gen-scope-shown').check()
    // Browser mode names the folder; Meritbook makes it in its files folder (the page names no paths).
    const folder = path.join(app.dataDir, 'files', 'statements out')
    await expect(page.getByTestId('gen-form')).toContainText(`Made in ${path.join(app.dataDir, 'files')}`)
    await page.getByTestId('gen-folder').fill('statements out')
    await page.getByTestId('gen-combined').check()
    await page.getByTestId('gen-start').click()
    // No planner of the demo has submitted: the dialog warns first, naming how many and where (issue 36).
    await expect(page.getByTestId('statements-unsubmitted')).toContainText(
      `${listed} employees have plans not submitted or sent back`,
    )
    await page.getByTestId('unsubmitted-go-on').click()
    await expect(page.getByTestId('gen-result')).toHaveAttribute('data-phase', 'done', { timeout: 60_000 })
    await expect(page.getByTestId('gen-result-summary')).toHaveText(
      `Wrote ${listed} statements to ${folder}.`,
    )
    await expect(page.getByTestId('gen-files').locator('li')).toHaveCount(listed)
    await expect(page.getByTestId('gen-result-combined')).toHaveText('Combined: All statements.pdf')
    if (SHOTS) await page.screenshot({ path: path.join(SHOTS, 'statement-batch.png') })
    const written = fs.readdirSync(folder).filter((f) => f !== 'All statements.pdf')
    expect(written).toHaveLength(listed)
    const first = (await page.getByTestId('gen-files').locator('li').first().textContent()) as string
    const text = execFileSync('pdftotext', [path.join(folder, first), '-'], { encoding: 'utf8' })
    expect(text).toContain(first.replace(/^\S+ /, '').replace(/\.pdf$/, ''))
    await page.getByTestId('gen-close').click()
    await expect(page.getByTestId('statements-row-status').first()).toContainText('Annual review 2026')
    await expect(page.getByTestId('statements-row-status').first()).toContainText('saved as PDF')

    // Delete the template, then Undo brings it back.
    await page.getByTestId('statements-tab-templates').click()
    await page.getByTestId('ste-delete').click()
    await page.getByTestId('dialog-confirm').click()
    await expect(page.getByTestId('statement-templates-empty')).toBeVisible()
    await page.getByTestId('statements-undo').click()
    await expect(page.getByTestId('statement-template')).toHaveText(['Annual review 2026 · logo'])
  })
})
