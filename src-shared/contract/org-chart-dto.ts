import type { MissingRates } from '../domain/missing-rates'
import { z } from 'zod'
import { text } from './text'

/** The stored state of the rows an org chart change touches: what undo and redo write back. */
export const orgSnapshotSchema = z
  .object({
    employees: z
      .array(
        z
          .object({
            id: z.number().int().positive(),
            teamId: z.number().int().positive().nullable(),
            managerId: z.number().int().positive().nullable(),
          })
          .strict(),
      )
      .max(200_000),
    teams: z
      .array(
        z
          .object({
            id: z.number().int().positive(),
            name: text().min(1).max(300),
            parentTeamId: z.number().int().positive().nullable(),
            managerId: z.number().int().positive().nullable(),
          })
          .strict(),
      )
      .max(50_000),
    /** Teams that did not exist in this state (created by the change): removed when it is written back. */
    absentTeams: z.array(z.number().int().positive()).max(50_000),
  })
  .strict()

export type OrgSnapshot = z.infer<typeof orgSnapshotSchema>

export interface OrgChartMoveResult {
  changed: boolean
  /** What happened, for the toast ('Moved Ana Diaz to Ops Team'). */
  message: string
  /** Write `before` to undo, `after` to redo. */
  before: OrgSnapshot
  after: OrgSnapshot
}

export interface OrgCard {
  id: number
  name: string
  initials: string
  /** Annual pay in the default currency, cents (shown as $NK). */
  salary: number
  /** max(salary, 1) (spec §9). */
  weight: number
  /** The team this employee manages (the first), if any: dropping onto the card moves into it. */
  managesTeamId: number | null
}

export interface OrgTeamCard {
  id: number
  name: string
  manager: OrgCard | null
  headcount: number
  subTeamCount: number
  /** max(budget or recommended budget, 100000) (spec §9), in cents. */
  weight: number
  /** Eligible payroll of the team and every team below it, default currency, cents (Budgets' figure). */
  eligiblePayroll: number
  /** Who that payroll leaves out for want of a conversion rate (issue 36). */
  missingRates: MissingRates
}

export interface OrgChartView {
  defaultCurrency: string
  /** The team shown; null: the company root (top teams and employees without a team). */
  team: OrgTeamCard | null
  trail: { id: number; name: string }[]
  subTeams: OrgTeamCard[]
  members: OrgCard[]
  memberTotal: number
  offset: number
}
