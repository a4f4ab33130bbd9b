import path from 'node:path'
import { UNSTORABLE_TEXT } from '../../src-shared/contract/text'
import { cli } from '../support/cli'
import { testBackend } from '../support/session'
import { tempDir } from '../support/temp'

// Issue 34 §8: the desktop refuses what the server would refuse, with the same words and the field named.
const dir = tempDir()
const file = path.join(dir, 'unstorable.paycycle')
const backend = testBackend(dir)

it('a reward edit whose comment holds NUL or a lone surrogate is refused, naming the comment, and nothing is saved', async () => {
  expect((await cli('new', file, '--demo', '12', '--seed', '34')).code).toBe(0)
  expect((await backend.dispatcher.dispatch('workbook.open', { path: file })).ok).toBe(true)
  for (const comments of ['great\u0000year', 'great\uD800year']) {
    const result = await backend.dispatcher.dispatch('rewards.update', {
      updates: [{ employeeId: 1, changes: { comments } }],
    })
    expect(result).toEqual({
      ok: false,
      error: {
        code: 'BAD_INPUT',
        message: `Invalid request to rewards.update: updates.0.changes.comments: ${UNSTORABLE_TEXT}`,
      },
    })
  }
})
