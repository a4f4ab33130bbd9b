import path from 'node:path'
import type * as Engine from '../../src-shared/domain/merit-matrix'
import { cli } from '../support/cli'
import { testBackend } from '../support/session'
import { tempDir } from '../support/temp'

// The engine faults: the matrix call answers the catalogue's message, and the fault is logged.
vi.mock('../../src-shared/domain/merit-matrix', async (importOriginal) => ({
  ...(await importOriginal<typeof Engine>()),
  calculateMeritMatrix: () => {
    throw new TypeError('cannot read the ratings')
  },
}))

const dir = tempDir()
const file = path.join(dir, 'errors.paycycle')
const backend = testBackend(dir)

it("a fault in the engine answers 'An error occurred while fetching the matrix data.' and is logged", async () => {
  expect((await cli('new', file, '--demo', '20', '--seed', '3')).code).toBe(0)
  expect((await backend.dispatcher.dispatch('workbook.open', { path: file })).ok).toBe(true)
  const warned = vi.spyOn(console, 'warn').mockImplementation(() => {})
  const result = await backend.dispatcher.dispatch('matrix.calculate', {
    performance_multiplier_priority: 50,
    position_in_range_priority: 50,
    max_position_in_range: 1,
    desired_budget: 100_000_00,
    cell: null,
  })
  expect(result).toEqual({
    ok: false,
    error: { code: 'INTERNAL', message: 'An error occurred while fetching the matrix data.' },
  })
  expect(warned.mock.calls.flat().join('\n')).toContain('cannot read the ratings')
  warned.mockRestore()
})
