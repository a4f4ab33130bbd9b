import { z } from 'zod'
import { emailText, text } from '../text'
import type { PlannerSubmissionDto } from '../dto'
import { type OrgChartMoveResult, type OrgChartView, orgSnapshotSchema } from '../org-chart-dto'
import type { PlannerStatusCard, PlannerStatusTree, SubmissionHistoryDto } from '../status-dto'
import { SEND_BACK_REASON_MAX } from '../../domain/submissions'
import { admin, channel, none, submitters } from './shared'

/** Planner submissions, Planner Status and the org chart. */
export const submissionsChannels = {
  /**
   * Planner submissions: one's own (PLANNER), a sub-planner's by a planner above (FORCE), anyone's by
   * an admin role (HR); `plannerEmployeeId` null means one's own.
   */
  'submissions.submit': channel<PlannerSubmissionDto>()(
    z
      .object({
        plannerEmployeeId: z.number().int().positive().nullable(),
        /** Instead of the id: the planner's user e-mail (the CLI's --for). */
        plannerEmail: emailText().optional(),
        comments: text().trim().min(1, 'Comments are required.').max(5000),
      })
      .strict(),
    submitters,
  ),
  /** 'Send back for changes' (admin roles), with the reason the planner then reads (issue 39). */
  'submissions.unsubmit': channel<null>()(
    z
      .object({
        plannerEmployeeId: z.number().int().positive().nullable(),
        plannerEmail: emailText().optional(),
        reason: text().trim().max(SEND_BACK_REASON_MAX).optional(),
      })
      .strict(),
    admin,
  ),
  /** A planner's submission history in the current pay cycle (null: the acting user's own), with the send-back notice. */
  'submissions.history': channel<SubmissionHistoryDto>()(
    z.object({ plannerEmployeeId: z.number().int().positive().nullable() }).strict(),
    submitters,
  ),
  'submissions.editComments': channel<PlannerSubmissionDto>()(
    z
      .object({
        plannerEmployeeId: z.number().int().positive(),
        comments: text().trim().min(1, 'Comments are required.').max(5000),
      })
      .strict(),
    admin,
  ),
  /** Planner Status: the viewer's tree of team cards, `depth` levels below the team (or the viewer's top teams). */
  'plannerStatus.tree': channel<PlannerStatusTree>()(
    z
      .object({ teamId: z.number().int().positive().nullable(), depth: z.number().int().min(0).max(4) })
      .strict(),
    submitters,
  ),
  /** Every team card of the viewer's tree, flat (the CLI's status). */
  'plannerStatus.list': channel<PlannerStatusCard[]>()(none, submitters),
  'plannerStatus.find': channel<{ id: number; name: string; plannerName: string | null; path: string[] }[]>()(
    z.object({ text: text().max(200) }).strict(),
    submitters,
  ),
  /** The org chart, one team at a time (null: the company root), with a page of its members. */
  'orgChart.view': channel<OrgChartView>()(
    z
      .object({
        teamId: z.number().int().positive().nullable(),
        offset: z.number().int().min(0),
        limit: z.number().int().min(1).max(500),
      })
      .strict(),
    admin,
  ),
  /** A card dropped on a team, a manager slot, another employee or the company root (§4 drag rules). */
  'orgChart.drop': channel<OrgChartMoveResult>()(
    z
      .object({
        source: z.object({ employeeId: z.number().int().positive(), asManager: z.boolean() }).strict(),
        target: z.discriminatedUnion('kind', [
          z.object({ kind: z.literal('team'), teamId: z.number().int().positive() }).strict(),
          z.object({ kind: z.literal('managerSlot'), teamId: z.number().int().positive() }).strict(),
          z.object({ kind: z.literal('employee'), employeeId: z.number().int().positive() }).strict(),
          z.object({ kind: z.literal('company') }).strict(),
        ]),
      })
      .strict(),
    admin,
  ),
  /** Undo or redo of a drop: writes back the state a drop answered. */
  'orgChart.restore': channel<null>()(z.object({ snapshot: orgSnapshotSchema }).strict(), admin),
} as const
