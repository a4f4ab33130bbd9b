import fs from 'node:fs'
import path from 'node:path'
import fc from 'fast-check'
import type { EmployeeDto } from '../../src-shared/contract'
import { cli } from '../support/cli'
import { testBackend } from '../support/session'
import { tempDir } from '../support/temp'
import { besideFile, contentOf, copyAlone } from '../support/whole-file'

/**
 * Issue 35, as a property: after any sequence of edits, closes (Logout) and reopens, the
 * `.paycycle` file alone, copied once the workbook is closed, has the workbook's content hash and
 * every edit; no WAL and no lock are left beside it.
 */

const dir = tempDir('meritbook-whole-property-')
const base = path.join(dir, 'base.paycycle')
const { session, dispatcher } = testBackend(path.join(dir, 'data'))
const employees: EmployeeDto[] = []

beforeAll(async () => {
  fs.mkdirSync(path.join(dir, 'data'))
  expect((await cli('new', base, '--demo', '40', '--seed', '3')).code).toBe(0)
  const opened = await dispatcher.dispatch('workbook.open', { path: base })
  if (!opened.ok) throw new Error(opened.error.message)
  const listed = await dispatcher.dispatch('employees.list', {})
  if (!listed.ok) throw new Error(listed.error.message)
  // Only the employees a planner may plan for (not one on a Performance Improvement Plan, say).
  for (const employee of listed.value) {
    const changes = { comments: 'eligible', lumpSum: 100 }
    const probe = await dispatcher.dispatch('rewards.update', {
      updates: [{ employeeId: employee.id, changes }],
    })
    if (probe.ok) employees.push(employee)
  }
  expect(employees.length).toBeGreaterThan(10)
  await session.close()
})

type Step =
  | { kind: 'edit'; employee: number; comments: string; lumpSum: number }
  | { kind: 'close' }
  | { kind: 'reopen' }

const step: fc.Arbitrary<Step> = fc.oneof(
  {
    arbitrary: fc.record({
      kind: fc.constant('edit' as const),
      employee: fc.nat({ max: 39 }),
      comments: fc.string({ maxLength: 40 }).filter((text) => !text.includes('\u0000')),
      lumpSum: fc.integer({ min: 0, max: 5_000_000 }),
    }),
    weight: 4,
  },
  { arbitrary: fc.constant({ kind: 'close' as const }), weight: 1 },
  { arbitrary: fc.constant({ kind: 'reopen' as const }), weight: 1 },
)

/** The workbook's content hash as the open session sees it (its WAL included). */
const liveContent = (file: string) => contentOf(file, true)

it('the file alone equals the workbook after any edits and closes', async () => {
  let run = 0
  await fc.assert(
    fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 12 }), async (steps) => {
      const file = path.join(dir, `run-${++run}.paycycle`)
      fs.copyFileSync(base, file)
      let open = false
      const ensureOpen = async () => {
        if (open) return
        const opened = await dispatcher.dispatch('workbook.open', { path: file })
        if (!opened.ok) throw new Error(opened.error.message)
        open = true
      }
      const closeAndCheck = async () => {
        const expected = await liveContent(file)
        const closed = await dispatcher.dispatch('workbook.close', {})
        if (!closed.ok) throw new Error(closed.error.message)
        open = false
        expect(besideFile(file)).toEqual({ wal: null, lock: false })
        expect(await contentOf(copyAlone(file, dir))).toBe(expected)
      }
      try {
        for (const next of steps) {
          if (next.kind === 'edit') {
            await ensureOpen()
            const { id } = employees[next.employee % employees.length]
            const changes = { comments: next.comments, lumpSum: next.lumpSum }
            const updated = await dispatcher.dispatch('rewards.update', {
              updates: [{ employeeId: id, changes }],
            })
            if (!updated.ok) throw new Error(updated.error.message)
          } else if (next.kind === 'close') {
            if (open) await closeAndCheck()
          } else {
            if (open) await closeAndCheck()
            await ensureOpen()
          }
        }
        if (open) await closeAndCheck()
      } finally {
        await session.close()
      }
    }),
    { numRuns: 40 },
  )
})
