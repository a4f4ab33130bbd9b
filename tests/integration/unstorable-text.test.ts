import path from 'node:path'
import { UNSTORABLE_TEXT } from '../../src-shared/contract/text'
import { DEFAULT_DATA_TAGS } from '../../src-shared/domain/statements/templates'
import { submitPlan } from '../../src-main/services/submissions/submit'
import { saveTemplate } from '../../src-main/services/statements/templates'
import { updateRewards } from '../../src-main/services/table/update'
import { createUser } from '../../src-main/services/users'
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

// Issue 37: the services refuse it themselves, behind the channels, for any caller that reaches them another way.
describe('the services refuse NUL and lone surrogates, naming the field, and save nothing', () => {
  const opened = () => {
    const { workbook, user } = backend.session
    if (!workbook || !user) throw new Error('the demo workbook is not open')
    return { workbook, user }
  }
  const refusal = (field: string) => new RegExp(`^${field}: ${UNSTORABLE_TEXT.replace(/[.()]/g, '\\$&')}$`)

  it('a reward edit’s comment (updateRewards)', async () => {
    const { workbook, user } = opened()
    const before = await backend.dispatcher.dispatch('rewards.history', { employeeId: 2 })
    for (const comments of ['a\u0000b', 'a\uDC00b'])
      await expect(
        updateRewards(backend.session.table, workbook, user, [{ employeeId: 2, changes: { comments } }]),
      ).rejects.toMatchObject({ code: 'BAD_INPUT', message: expect.stringMatching(refusal('Comments')) })
    expect(await backend.dispatcher.dispatch('rewards.history', { employeeId: 2 })).toEqual(before)
  })

  it('a submission’s comments (submitPlan)', async () => {
    const { workbook, user } = opened()
    await expect(
      submitPlan(backend.session.table, workbook, user, { plannerEmployeeId: null, comments: 'ok\u0000' }),
    ).rejects.toMatchObject({ message: expect.stringMatching(refusal('Comments')) })
    expect(workbook.sqlite.prepare('SELECT count(*) FROM planner_submission').pluck().get()).toBe(0)
  })

  it('a user’s name (createUser) and a template’s text (saveTemplate)', async () => {
    const { workbook, user } = opened()
    await expect(
      createUser(workbook, user, { email: 'nul@example.com', role: 'ADMIN', name: 'Nul\u0000l' }),
    ).rejects.toMatchObject({ code: 'BAD_INPUT', message: expect.stringMatching(refusal('Name')) })
    expect(() =>
      saveTemplate(workbook, user, null, {
        name: 'Kind',
        logo: null,
        intro: 'Hi\uD800',
        closing: '',
        dataTags: DEFAULT_DATA_TAGS,
      }),
    ).toThrow(refusal('Intro'))
    expect(
      workbook.sqlite.prepare("SELECT count(*) FROM app_user WHERE email = 'nul@example.com'").pluck().get(),
    ).toBe(0)
  })
})
