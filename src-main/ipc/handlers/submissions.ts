import {
  editSubmissionComments,
  readPlannerStatus,
  searchPlannerStatus,
  submitPlan,
  unsubmitPlan,
} from '../../services/submissions'
import type { HandlerMap } from '../types'

export const submissionHandlers: HandlerMap = {
  'submissions.submit': async (input, { session, workbook, user }) =>
    submitPlan(session.table, workbook, user, input),
  'submissions.unsubmit': async ({ plannerEmployeeId }, { session, workbook, user }) =>
    unsubmitPlan(session.table, workbook, user, plannerEmployeeId),
  'submissions.editComments': async ({ plannerEmployeeId, comments }, { session, workbook, user }) =>
    editSubmissionComments(session.table, workbook, user, plannerEmployeeId, comments),
  'plannerStatus.tree': async (query, { session, workbook, user }) =>
    readPlannerStatus(session.table, workbook, user, query),
  'plannerStatus.find': async ({ text }, { session, workbook, user }) =>
    searchPlannerStatus(session.table, workbook, user, text),
}
