import path from 'node:path'
import { exportCompany } from '../../services/import/export'
import type { HandlerMap } from '../types'
import { endRewards } from '../../services/import/end-rewards'

export const importHandlers: HandlerMap = {
  'import.start': async ({ path }, { session, workbook }) => session.imports.start(workbook, path),
  'import.append': async ({ importId, path }, { session, workbook }) =>
    session.imports.append(workbook, importId, path),
  'import.cancel': async ({ importId }, { session }) => session.imports.cancel(importId),
  'import.summary': async ({ importId }, { session }) => session.imports.summary(importId),
  'import.rows': async ({ importId, onlyErrors, offset, limit }, { session }) =>
    session.imports.rows(importId, onlyErrors, offset, limit),
  'import.editCell': async ({ importId, row, field, value, conflicts }, { session, workbook }) =>
    session.imports.editCell(workbook, importId, row, field, value, conflicts),
  'import.resolveEdit': async ({ importId, ...input }, { session, workbook }) =>
    session.imports.resolveEdit(workbook, importId, input),
  'import.readDayFirst': async ({ importId, field }, { session, workbook }) =>
    session.imports.readDayFirst(workbook, importId, field),
  'import.fixConsistency': async ({ importId, ...fix }, { session, workbook }) =>
    session.imports.fixConsistency(workbook, importId, fix),
  'import.revalidate': async ({ importId }, { session, workbook }) =>
    session.imports.revalidate(workbook, importId),
  'import.pending': async (_input, { session }) => session.imports.pending(),
  'import.errorReport': async ({ importId }, { session }) => session.imports.errorReport(importId),
  'import.undo': async ({ importId }, { session, workbook }) =>
    session.imports.step(workbook, importId, 'undo'),
  'import.redo': async ({ importId }, { session, workbook }) =>
    session.imports.step(workbook, importId, 'redo'),
  'import.preview': async ({ importId, list, offset, limit }, { session, workbook }) =>
    session.imports.preview(workbook, importId, list, offset, limit),
  'import.choosePlan': async ({ importId, mode, employeeId }, { session }) => {
    session.imports.choosePlan(importId, mode, employeeId)
    return null
  },
  'import.chooseMissing': async ({ importId, choice }, { session }) => {
    session.imports.chooseMissing(importId, choice)
    return null
  },
  'import.commit': async ({ importId }, { session, workbook, user }) => {
    const summary = await session.imports.commit(workbook, user, importId)
    session.table.invalidate()
    const ended = await endRewards(session.table, workbook, user, session.imports.takeEndedRewards(importId))
    await session.refreshSummary()
    return summary.outcome && (ended.ended > 0 || ended.refused.length > 0)
      ? {
          ...summary,
          outcome: { ...summary.outcome, rewardsEnded: ended.ended, rewardsNotEnded: ended.refused },
        }
      : summary
  },
  'company.export': async ({ path: target }, { workbook }) => {
    const absolute = path.resolve(target)
    return { path: absolute, rows: await exportCompany(workbook, absolute) }
  },
  'import.discard': async ({ importId }, { session }) => {
    session.imports.discard(importId)
    return null
  },
}
