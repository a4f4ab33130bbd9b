import type { Flags, Output } from './commands'
import { UsageError } from './usage'
import { withSession } from './workbook-session'

const text = (flags: Flags, name: string): string | undefined =>
  typeof flags[name] === 'string' ? (flags[name] as string) : undefined

/** `submit --comments <text> [--for <planner email>]`: the type follows from who acts and for whom. */
export async function submitCommand(file: string, flags: Flags, out: Output): Promise<void> {
  const comments = text(flags, 'comments')
  if (!comments?.trim()) throw new UsageError('submit needs --comments <text>.')
  const planner = text(flags, 'for')
  const submission = await withSession(file, flags, (session) =>
    session.call('submissions.submit', {
      plannerEmployeeId: null,
      ...(planner ? { plannerEmail: planner } : {}),
      comments,
    }),
  )
  if (flags.json) out.json(submission)
  else out.text(`Successfully submitted (${submission.submissionType}).`)
}

/** `unsubmit --planner <email> [--comments <reason>]`: 'Send back for changes' (admin roles), with the reason the planner reads. */
export async function unsubmitCommand(file: string, flags: Flags, out: Output): Promise<void> {
  const planner = text(flags, 'planner')
  if (!planner) throw new UsageError('unsubmit needs --planner <email>.')
  const reason = text(flags, 'comments')
  await withSession(file, flags, (session) =>
    session.call('submissions.unsubmit', {
      plannerEmployeeId: null,
      plannerEmail: planner,
      ...(reason ? { reason } : {}),
    }),
  )
  if (flags.json) out.json({ planner, submitted: false })
  else out.text(`Sent back to ${planner} for changes.`)
}

/** `status`: every team of the user's tree with its planner's submission and its sub-planners'. */
export async function statusCommand(file: string, flags: Flags, out: Output): Promise<void> {
  const cards = await withSession(file, flags, (session) => session.call('plannerStatus.list', {}))
  const teams = cards.map((card) => ({
    name: card.name,
    manager: card.plannerName,
    submitted: card.submission !== null,
    submissionType: card.submission?.type ?? null,
    submittedSubPlanners: card.submittedSubPlanners,
    subPlanners: card.subPlanners,
  }))
  if (flags.json) out.json({ teams })
  else {
    const submitted = teams.filter((t) => t.submitted).length
    out.text(`${submitted} of ${teams.length} teams submitted.`)
  }
}
