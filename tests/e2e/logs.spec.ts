import fs from 'node:fs'
import path from 'node:path'
import { expect, test, type APIRequestContext } from '@playwright/test'
import { startApp, type RunningApp } from './support/app'

interface Envelope {
  ok: boolean
  value?: unknown
  error?: { code: string; message: string }
}

async function call(
  request: APIRequestContext,
  app: RunningApp,
  channel: string,
  input: unknown,
): Promise<Envelope> {
  const token = new URL(app.url).searchParams.get('token') as string
  const response = await request.post(`${app.origin}/api/invoke/${channel}`, {
    headers: { 'x-meritbook-token': token, 'content-type': 'application/json' },
    data: input,
  })
  return (await response.json()) as Envelope
}

function logText(app: RunningApp): string {
  const dir = path.join(app.dataDir, 'logs')
  return fs
    .readdirSync(dir)
    .filter((name) => name.endsWith('.log'))
    .map((name) => fs.readFileSync(path.join(dir, name), 'utf8'))
    .join('')
}

test.describe('logs and diagnostics in browser mode', () => {
  let app: RunningApp
  test.beforeAll(async () => {
    app = await startApp(['--demo'])
  })
  test.afterAll(() => app.stop())

  test('the log under <data dir>/logs/ holds the start, the workbook and refusals, and no names, salaries or tokens', async ({
    request,
  }) => {
    const employees = await call(request, app, 'employees.list', {})
    expect(employees.ok).toBe(true)
    const people = employees.value as {
      id: number
      name: string
      email: string | null
      currentSalary: number
    }[]
    expect(people.length).toBeGreaterThan(10)
    // A refused call from the page (a path where a handle belongs), and one whose message names an employee.
    const refused = await call(request, app, 'workbook.open', { path: `/nowhere/${people[0].name}.paycycle` })
    expect(refused.ok).toBe(false)
    // A user of the demo linked to an employee: making another user for that employee is refused by name.
    const users = (await call(request, app, 'users.list', {})).value as { employeeId: number | null }[]
    const linked = users.find((user) => user.employeeId !== null)?.employeeId as number
    const person = people.find((employee) => employee.id === linked) as { id: number; name: string }
    const again = await call(request, app, 'users.create', {
      email: 'log-test@example.com',
      role: 'PLANNER',
      employeeId: person.id,
    })
    expect(again.error?.message).toContain(person.name)
    const unknown = await call(request, app, 'no.such.channel', {})
    expect(unknown.ok).toBe(false)

    const logFiles = fs.readdirSync(path.join(app.dataDir, 'logs'))
    expect(logFiles.some((name) => /^meritbook\.\d+\.log$/.test(name))).toBe(true)
    const text = logText(app)
    const lines = text
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>)
    const start = lines[0]
    expect(start.event).toBe('start')
    expect(start.versions).toMatchObject({ app: expect.any(String), node: process.versions.node })
    expect(lines).toContainEqual(expect.objectContaining({ event: 'workbook.opened', demo: true }))
    expect(lines).toContainEqual(
      expect.objectContaining({ event: 'refused', channel: 'workbook.open', code: refused.error?.code }),
    )
    expect(lines).toContainEqual(
      expect.objectContaining({ event: 'refused', channel: 'users.create', code: again.error?.code }),
    )
    expect(lines).toContainEqual(
      expect.objectContaining({ event: 'refused', channel: 'no.such.channel', code: unknown.error?.code }),
    )
    for (const person of people) {
      expect(text).not.toContain(person.name)
      if (person.email) expect(text).not.toContain(person.email)
      expect(text).not.toMatch(new RegExp(`[^0-9.]${person.currentSalary}[^0-9]`))
    }
    expect(text).not.toContain(new URL(app.url).searchParams.get('token') as string)
  })

  test('Help → Copy diagnostics copies versions, OS and the log lines', async ({ page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: app.origin })
    await page.goto(app.url)
    await expect(page.locator('body')).toHaveAttribute('data-app-state', 'loaded')
    await page.getByTestId('user-settings-button').click()
    await page.getByTestId('copy-diagnostics').click()
    await expect(page.getByText('Diagnostics copied. Paste them into your support request.')).toBeVisible()
    await expect(page.getByTestId('log-folder')).toContainText(path.join(app.dataDir, 'logs'))
    const copied = await page.evaluate(() => navigator.clipboard.readText())
    expect(copied).toMatch(/^Meritbook \S+ \(browser\)\nNode \d+\.\d+\.\d+\nOS /)
    expect(copied).toContain('"event":"start"')
    expect(copied).toContain('"event":"workbook.opened"')
  })
})
