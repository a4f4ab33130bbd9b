import type { FastifyInstance } from 'fastify'
import { sql } from 'kysely'
import { z } from 'zod'
import { contract } from '../../src-shared/contract/channels'
import { roleMayCall } from '../../src-shared/domain/access'
import { budgetFigureSums, teamBudgetFigures, teamMissingRates } from '../../src-shared/domain/budget-figures'
import { missingRatesWarning, type MissingRates } from '../../src-shared/domain/missing-rates'
import type { ServerContext } from '../context'
import type { FeedWaiters } from '../sync/feed-waiters'
import { recordCompanyChange } from '../sync/changes'
import { callerOf } from '../http/context'
import { HttpError } from '../http/errors'
import { plansTeam } from '../http/planning-access'
import { loadCompanyPlan, type CompanyPlan } from '../planning/company-plan'

export const NO_PAY_CYCLE = 'This company has no pay cycle yet: publish a workbook or create a pay cycle.'

/** budget-figures.ts over the company: every team's calculated and recommended budget, and the company's. */
function figuresOf(plan: CompanyPlan) {
  const sums = budgetFigureSums(
    plan.tree,
    plan.employees.map((e) => ({
      teamId: e.teamId,
      currentAnnualPay: e.currentAnnualPay,
      payCurrency: e.defaultPayCurrency,
      fullyProrated: e.proration.fullyProrated,
      allocated: e.allocated,
    })),
    plan.currency,
  )
  const budget = plan.cycle.companyMeritBudget
  const teams = teamBudgetFigures(
    plan.teams.map((t) => t.id),
    sums,
    budget,
  )
  return {
    ...teams,
    company: sums.company.allocated ?? budget,
    missingRates: sums.company.missingRates,
    teamMissingRates: (teamId: number) => teamMissingRates(sums, teamId),
  }
}

/**
 * Issue 36: who the figures leave out for want of a rate, as the desktop's Budgets says it: the
 * counts (`missing_rates`, as calculate-matrix answers them) and the sentence (null when none).
 */
function missingRatesAnswer(plan: CompanyPlan, missing: MissingRates) {
  return {
    missing_rates: missing,
    missing_rates_warning: missingRatesWarning(missing, 'Eligible payroll', plan.currency.defaultCurrency),
  }
}

/**
 * POST /calculate-budget/: every team's recommended budget (and calculated budget) computed with the
 * desktop's figures and stored on the teams; answers the company's and each team's that has one
 * (teams without one are left out, as the spec drops them). POST /calculate-budget/{team}/: one
 * team's, for admin roles or a planner of that team; computed, not stored.
 */
export function budgetRoutes(app: FastifyInstance, context: ServerContext, waiters: FeedWaiters): void {
  const { db } = context

  app.post('/api/calculate-budget/', async (request) => {
    const who = await callerOf(request, context)
    const plan = await loadCompanyPlan(db, who.companyId)
    if (!plan) throw new HttpError(409, NO_PAY_CYCLE)
    const { calculated, recommended, company, missingRates } = figuresOf(plan)
    const ids = plan.teams.map((t) => t.id)
    await db.transaction().execute(async (trx) => {
      if (ids.length > 0)
        await sql`UPDATE team SET calculated_budget = f.calculated, recommended_budget = f.recommended
          FROM unnest(${ids}::bigint[], ${ids.map((id) => calculated.get(id) ?? null)}::bigint[],
                      ${ids.map((id) => recommended.get(id) ?? null)}::bigint[]) AS f (id, calculated, recommended)
          WHERE team.company_id = ${who.companyId} AND team.id = f.id`.execute(trx)
      // One change for every team's figures: a replica works them out from its own rows (budget-figures.ts).
      await recordCompanyChange(trx, who, 'budgets', null, { recommended_budget: company, teams: ids.length })
    })
    waiters.notify(who.companyId)
    return {
      recommended_budget: company,
      teams: plan.teams.flatMap((t) => {
        const value = recommended.get(t.id) ?? null
        return value == null ? [] : [{ id: t.id, name: t.name, recommended_budget: value }]
      }),
      ...missingRatesAnswer(plan, missingRates),
    }
  })

  app.post('/api/calculate-budget/:team/', async (request) => {
    const who = await callerOf(request, context)
    const admin = roleMayCall(who.role, contract['budgets.calculate'].access)
    const teamId = z.coerce
      .number()
      .int()
      .positive()
      .parse((request.params as { team: string }).team)
    const team = await db
      .selectFrom('team')
      .select(['id', 'name'])
      .where('company_id', '=', who.companyId)
      .where('id', '=', teamId)
      .executeTakeFirst()
    if (!team) throw new HttpError(404, `No team has the id ${teamId}.`)
    if (!admin && !(await plansTeam(db, who, teamId)))
      throw new HttpError(403, 'This team is not one of yours.')
    const plan = await loadCompanyPlan(db, who.companyId)
    if (!plan) throw new HttpError(409, NO_PAY_CYCLE)
    const figures = figuresOf(plan)
    return {
      team: team.id,
      name: team.name,
      calculated_budget: figures.calculated.get(team.id) ?? null,
      recommended_budget: figures.recommended.get(team.id) ?? null,
      // The team's own (and below); its calculated budget also shares the company's payroll.
      ...missingRatesAnswer(plan, figures.teamMissingRates(team.id)),
      company_missing_rates: figures.missingRates,
    }
  })
}
