import type { SubmissionHistoryStep } from '../domain/submissions'
import type { SubmissionType } from '../domain/admin-rules'

/** One team card of Planner Status. */
export interface PlannerStatusCard {
  id: number
  name: string
  /** The team's planner: its manager, when the manager is in this pay cycle. */
  plannerId: number | null
  plannerName: string | null
  submission: { type: SubmissionType; comments: string; updatedAt: string } | null
  /** Teams below with a planner, and how many of those planners have submitted (the progress fill). */
  subPlanners: number
  submittedSubPlanners: number
  headcount: number
  childCount: number
  /** The viewer plans this team and has not submitted. */
  canSubmit: boolean
  /** Force Submit, but for the card's width (which the page decides): the type it records. */
  forceType: 'FORCE' | 'HR' | null
  /** Admin roles: the pencil (edit comments, send back). */
  canEdit: boolean
}

export interface PlannerStatusNode extends PlannerStatusCard {
  children: PlannerStatusNode[]
  /** Sub-teams not included (deeper than asked): expand on demand. */
  hiddenChildren: number
}

export interface PlannerStatusTree {
  /** The team shown at the top; null: the viewer's own top teams. */
  root: PlannerStatusNode | null
  trail: { id: number; name: string }[]
  /** The viewer's top teams when `root` is null. */
  tops: PlannerStatusNode[]
  /** subPlannerNotSubmitted's severity (null: off). */
  waitingSeverity: 'warning' | 'error' | null
}

/** Issue 39: a planner's submission steps in the current pay cycle, and the notice while sent back. */
export interface SubmissionHistoryDto {
  plannerEmployeeId: number
  steps: SubmissionHistoryStep[]
  /** 'Your plan was sent back for changes by … on …: <reason>' while it is; else null. */
  sentBack: string | null
}
