import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import type { BudgetLevel } from '../../../src-shared/contract'
import { isCurrencyCode } from '../../../src-shared/domain/currencies'
import { conversionList } from '../../../src-shared/domain/currency-conversion'
import { formatMoney } from '../../../src-shared/domain/money'
import { savedBudgetMessage } from '../../../src-shared/domain/team-budget'
import { invoke } from '../../app/client'
import { useRefusedPush, useSyncApplied } from '../../app/use-sync-applied'
import { selectCurrentPayCycle } from '../../app/data-slice'
import { useAppSelector } from '../../app/hooks'
import { useUndoKeys } from '../../components/keyboard'
import { LoadingSkeleton } from '../../components/skeleton/LoadingSkeleton'
import { useToast } from '../../components/toast'
import { Pagination } from '../compensation-table/Pagination'
import { BudgetEditor } from './BudgetEditor'
import { BudgetTileCard } from './BudgetTileCard'
import { DistributionBar } from './DistributionBar'
import {
  EMPTY_BUDGET_UNDO,
  moveBudgetStep,
  recordBudgetStep,
  type BudgetUndo,
  type BudgetValue,
} from './budget-undo'
import { useChannel } from './use-budget-level'
import './hyperbalance.css'
import { MissingRatesNote } from '../../components/missing-rates/MissingRatesNote'
import { countOf } from '../../../src-shared/domain/words'
import { BudgetTermLabel } from './BudgetTermLabel'

export const TILES_PER_PAGE = 24
const BUDGET_PUSHES = ['team.budget', 'pay_cycle'] as const

/**
 * The budget distribution view (HyperBalance): Company View, drill-down into a team, 'Back to
 * {parent}' and 'Back to Company View', a page of team tiles at a time (the main process computes
 * them for the level shown), budget editing with undo, and the calculated distribution bar.
 */
export function BudgetDistributionView() {
  const [teamId, setTeamId] = useState<number | null>(null)
  const [page, setPage] = useState(1)
  const [undo, setUndo] = useState<BudgetUndo>(EMPTY_BUDGET_UNDO)
  const toast = useToast()
  const level = useChannel('budgets.level', {
    teamId,
    offset: (page - 1) * TILES_PER_PAGE,
    limit: TILES_PER_PAGE,
  })
  // A budget set on another desktop (or put back after the server refused one) shows at once.
  useSyncApplied((applied) => {
    if (applied.teamsChanged) level.reload()
  })
  // A team's budget (or the company's, a pay cycle save) the server refused was put back: no step may send it again.
  useRefusedPush(BUDGET_PUSHES, () => setUndo(EMPTY_BUDGET_UNDO))
  const payCycle = useAppSelector(selectCurrentPayCycle)
  const currencies = useMemo(
    () =>
      payCycle
        ? conversionList(payCycle.defaultCurrency, payCycle.currencyConversions).map((c) => c.code)
        : [],
    [payCycle],
  )
  const data = level.value

  const go = (id: number | null) => {
    setTeamId(id)
    setPage(1)
  }

  /** Saves a budget; the success toast is the spec's 'Saved Budget for {team name or Company}'. */
  const save = useCallback(
    async (value: BudgetValue, label: string): Promise<boolean> => {
      const result =
        value.teamId === null
          ? await invoke('payCycle.update', { patch: { companyMeritBudget: value.budget } })
          : await invoke('teams.setBudget', {
              teamId: value.teamId,
              budget: value.budget,
              ...(value.currency && isCurrencyCode(value.currency) ? { currency: value.currency } : {}),
            })
      if (!result.ok) {
        toast.error(result.error.message)
        return false
      }
      toast.success(savedBudgetMessage(value.teamId === null ? null : { name: label }))
      level.reload()
      return true
    },
    [toast, level],
  )

  const saveAndRecord = async (before: BudgetValue, after: BudgetValue, label: string) => {
    if (await save(after, label)) setUndo((state) => recordBudgetStep(state, { label, before, after }))
  }

  // Undo and redo run one after another, each from the history the one before left: a second click
  // while the first one's save is on its way takes the next step, not the same one again.
  const latestUndo = useRef(undo)
  useEffect(() => {
    latestUndo.current = undo
  }, [undo])
  const moves = useRef<Promise<void>>(Promise.resolve())
  const move = useCallback(
    (direction: 'undo' | 'redo') => {
      moves.current = moves.current.then(async () => {
        const moved = moveBudgetStep(latestUndo.current, direction)
        if (!moved) return
        if (await save(moved.value, moved.step.label)) {
          latestUndo.current = moved.next
          setUndo(moved.next)
          toast.info(`${direction === 'undo' ? 'Undone' : 'Redone'}: budget for ${moved.step.label}`)
        }
      })
      return moves.current
    },
    [save, toast],
  )
  useUndoKeys(
    () => void move('undo'),
    () => void move('redo'),
  )

  if (!data) {
    return level.state === 'failed' ? (
      <p role="alert" className="error-text">
        {level.message}
      </p>
    ) : (
      <LoadingSkeleton label="Loading budgets…" />
    )
  }
  const currency = data.defaultCurrency
  const parent = data.trail[data.trail.length - 1] ?? null
  const lastUndo = undo.past[undo.past.length - 1]
  const lastRedo = undo.future[undo.future.length - 1]

  return (
    <section className="budget-view" aria-labelledby="budget-view-title" data-testid="budget-distribution">
      <div className="budget-view__bar">
        <h2 id="budget-view-title">{data.root ? data.root.name : 'Company View'}</h2>
        <nav className="budget-view__back" aria-label="Team levels">
          {parent && (
            <button type="button" className="button" onClick={() => go(parent.id)}>
              Back to {parent.name}
            </button>
          )}
          {data.root && (
            <button type="button" className="button" onClick={() => go(null)}>
              Back to Company View
            </button>
          )}
        </nav>
        <span className="budget-view__undo">
          <button
            type="button"
            className="button"
            disabled={!lastUndo}
            title={lastUndo ? `Undo the budget for ${lastUndo.label}` : 'Nothing to undo'}
            onClick={() => void move('undo')}
            data-testid="budget-undo"
          >
            Undo
          </button>
          <button
            type="button"
            className="button"
            disabled={!lastRedo}
            title={lastRedo ? `Redo the budget for ${lastRedo.label}` : 'Nothing to redo'}
            onClick={() => void move('redo')}
            data-testid="budget-redo"
          >
            Redo
          </button>
        </span>
      </div>
      {data.root ? (
        <BudgetTileCard
          tile={data.root}
          currency={currency}
          budgetEditor={
            <BudgetEditor
              label={data.root.name}
              budget={data.root.budget}
              currency={data.root.budgetCurrency ?? currency}
              currencies={currencies}
              disabledReason={data.root.budgetDisabledReason}
              testId="root-budget"
              onSave={(budget, nextCurrency) =>
                saveAndRecord(
                  { teamId: data.root!.id, budget: data.root!.budget, currency: data.root!.budgetCurrency },
                  { teamId: data.root!.id, budget, currency: nextCurrency },
                  data.root!.name,
                )
              }
            />
          }
        />
      ) : (
        <CompanyCard level={data} onSave={(before, after) => saveAndRecord(before, after, 'Company')} />
      )}
      <DistributionBar
        enabled={data.distributionEnabled}
        changed={data.budgetsChanged}
        tiles={data.tiles}
        currency={currency}
      />
      <h3 className="budget-view__subtitle">
        {data.root ? 'Sub-teams' : 'Teams'}{' '}
        <span className="muted">({data.total.toLocaleString('en-US')})</span>
      </h3>
      {data.total === 0 ? (
        <p className="muted">This team has no sub-teams.</p>
      ) : (
        <div className="budget-view__tiles" aria-busy={level.state === 'loading'}>
          {data.tiles.map((tile) => (
            <BudgetTileCard
              key={tile.id}
              tile={tile}
              currency={currency}
              onOpen={() => go(tile.id)}
              budgetEditor={
                <BudgetEditor
                  label={tile.name}
                  budget={tile.budget}
                  currency={tile.budgetCurrency ?? currency}
                  currencies={currencies}
                  disabledReason={tile.budgetDisabledReason}
                  testId={`budget-${tile.id}`}
                  onSave={(budget, nextCurrency) =>
                    saveAndRecord(
                      { teamId: tile.id, budget: tile.budget, currency: tile.budgetCurrency },
                      { teamId: tile.id, budget, currency: nextCurrency },
                      tile.name,
                    )
                  }
                />
              }
            />
          ))}
        </div>
      )}
      {data.total > TILES_PER_PAGE && (
        <Pagination
          current={page}
          total={Math.ceil(data.total / TILES_PER_PAGE)}
          rowCount={data.total}
          pageSize={TILES_PER_PAGE}
          onGoTo={setPage}
        />
      )}
    </section>
  )
}

function CompanyCard({
  level,
  onSave,
}: {
  level: BudgetLevel
  onSave: (before: BudgetValue, after: BudgetValue) => Promise<void>
}) {
  const { company, defaultCurrency } = level
  return (
    <article
      className="budget-tile budget-tile--company"
      data-testid="company-budget-card"
      aria-label="Company"
    >
      <header className="budget-tile__header">
        <h2 className="budget-tile__name">{company.name}</h2>
      </header>
      <p className="budget-tile__manager muted">{countOf(company.headcount, 'employee')}</p>
      <div className="budget-tile__budget">
        <span className="budget-tile__label">Company merit budget</span>
        <BudgetEditor
          label="Company"
          budget={company.budget}
          currency={defaultCurrency}
          currencies={[]}
          disabledReason={null}
          testId="company-budget"
          onSave={(budget) =>
            onSave(
              { teamId: null, budget: company.budget, currency: defaultCurrency },
              { teamId: null, budget, currency: defaultCurrency },
            )
          }
        />
      </div>
      <dl className="budget-tile__figures">
        <dt>Eligible payroll</dt>
        <dd>{formatMoney(company.eligiblePayroll, defaultCurrency)}</dd>
        <dt>
          <BudgetTermLabel term="Allocated" />
        </dt>
        <dd data-testid="company-allocated">
          {company.allocatedBudget === null ? '—' : formatMoney(company.allocatedBudget, defaultCurrency)}
        </dd>
        <dt>Budget Used</dt>
        <dd data-testid="budget-used">{formatMoney(company.usedBudget, defaultCurrency)}</dd>
      </dl>
      <MissingRatesNote
        missing={company.missingRates}
        figure="Eligible payroll"
        defaultCurrency={defaultCurrency}
        testId="budget-missing-rates"
      />
    </article>
  )
}
