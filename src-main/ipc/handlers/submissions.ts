import { Failure } from '../../services/failure'
import { submissionHistory } from '../../services/submissions/history'
import {
  editSubmissionComments,
  listPlannerStatus,
  readPlannerStatus,
  resolvePlanner,
  searchPlannerStatus,
  submitPlan,
  unsubmitPlan,
} from '../../services/submissions'
import type { HandlerMap } from '../types'

export const submissionHandlers: HandlerMap = {
  'submissions.submit': async (input, { session, workbook, user }) =>
    submitPlan(session.table, workbook, user, {
      plannerEmployeeId: await resolvePlanner(workbook, input),
      comments: input.comments,
    }),
  'submissions.unsubmit': async (input, { session, workbook, user }) => {
    const plannerId = await resolvePlanner(workbook, input)
    if (plannerId === null) throw new Failure('BAD_INPUT', 'Name the planner to send back.')
    return unsubmitPlan(session.table, workbook, user, plannerId, new Date(), input.reason ?? null)
  },
  'submissions.history': async ({ plannerEmployeeId }, { session, workbook, user }) =>
    submissionHistory(session.table, workbook, user, plannerEmployeeId),
  'submissions.editComments': async ({ plannerEmployeeId, comments }, { session, workbook, user }) =>
    editSubmissionComments(session.table, workbook, user, plannerEmployeeId, comments),
  'plannerStatus.tree': async (query, { session, workbook, user }) =>
    readPlannerStatus(session.table, workbook, user, query),
  'plannerStatus.list': async (_input, { session, workbook, user }) =>
    listPlannerStatus(session.table, workbook, user),
  'plannerStatus.find': async ({ text }, { session, workbook, user }) =>
    searchPlannerStatus(session.table, workbook, user, text),
}
