import { expect, test } from '@playwright/test'
import type { TablePage } from '../../src-shared/contract'
import { generateDemoCompany } from '../../src-main/workbook/demo'
import { startApp } from './support/app'

// The bundled demo company (500 employees, seed 1), as `npm start` opens it.
const demo = generateDemoCompany({ employees: 500, seed: 1 })
const manager = demo.users.find((u) => u.email === demo.sampleUsers.MANAGER)!

test('Submit warns about an Error-level violation and names the employee; cancel, then submit anyway', async ({
  page,
}) => {
  const app = await startApp(['--demo', '--as', manager.email])
  try {
    await page.goto(app.url)
    await page.goto(`${app.origin}/employeetable`)
    await expect(page.locator('body')).toHaveAttribute('data-app-state', 'loaded')
    // A new salary far above the pay range's maximum: the demo makes that an Error.
    const name = await page.evaluate(async () => {
      const post = (channel: string, body: unknown) =>
        fetch(`/api/invoke/${channel}`, { method: 'POST', body: JSON.stringify(body) }).then((r) => r.json())
      const query = { offset: 0, limit: 25, sort: null, filters: {}, search: '', viewAsEmployeeId: null }
      const rows = ((await post('table.query', query)) as { value: TablePage }).value.rows
      const row = rows.find((r) => r.editable)!
      await post('rewards.update', {
        updates: [{ employeeId: row.id, changes: { newSalary: 5_000_000_000 } }],
      })
      return row.employeeName
    })
    await page.reload()
    await page.getByTestId('submit-plan').click()
    const dialog = page.getByTestId('dialog')
    const warning = dialog.getByTestId('submit-pay-problems')
    await expect(warning).toContainText(`${name}: New pay is above the maximum of the pay range.`)
    await expect(dialog.getByTestId('submit-plan-confirm')).toHaveText('Submit anyway')
    await dialog.getByRole('button', { name: 'Cancel' }).click()
    await expect(dialog).toHaveCount(0)
    await expect(page.getByTestId('submit-plan')).toBeVisible()
    await page.getByTestId('submit-plan').click()
    await dialog.getByTestId('submit-plan-comments').fill('Over the range on purpose')
    await dialog.getByTestId('submit-plan-confirm').click()
    await expect(page.getByTestId('plan-submitted')).toHaveText('Submitted')
  } finally {
    await app.stop()
  }
})
