import type { ReactNode } from 'react'
import type { BudgetTile } from '../../../src-shared/contract'
import { budgetUsedColor, budgetUsedPercent } from '../../../src-shared/domain/budget-used'
import { formatMoney } from '../../../src-shared/domain/money'
import { Tooltip } from '../../components/tooltip'
import { BudgetTermLabel } from './BudgetTermLabel'

const STATUS_ICON = { error: '✖', 'warning-calculated': '▲', 'warning-recommended': '▲', none: '' } as const

const money = (cents: number | null, currency: string) =>
  cents === null ? '—' : formatMoney(cents, currency)

/** A team's tile: who, how many, its budgets, what is used, and the budget checks with the spec's tooltip. */
export function BudgetTileCard({
  tile,
  currency,
  onOpen,
  budgetEditor,
  extra,
}: {
  tile: BudgetTile
  currency: string
  /** Drills down into the team (absent on the root's own card). */
  onOpen?: () => void
  budgetEditor: ReactNode
  extra?: ReactNode
}) {
  const percent = budgetUsedPercent(tile.usedBudget, tile.givenBudget)
  const messages = [...tile.errors, ...tile.warnings]
  return (
    <article
      className={`budget-tile budget-tile--${tile.status}`}
      data-testid="budget-tile"
      data-team-id={tile.id}
      data-status={tile.status}
      aria-label={tile.name}
    >
      <header className="budget-tile__header">
        {onOpen ? (
          <button type="button" className="budget-tile__name link-button" onClick={onOpen}>
            {tile.name}
          </button>
        ) : (
          <h2 className="budget-tile__name">{tile.name}</h2>
        )}
        {tile.status !== 'none' && (
          <Tooltip
            content={
              <span className="budget-tile__tooltip">
                <strong>{tile.statusTooltip}</strong>
                {messages.map((message) => (
                  <span key={message}>{message}</span>
                ))}
              </span>
            }
            testId="budget-status-tooltip"
          >
            <span
              className={`budget-tile__status budget-tile__status--${tile.status === 'error' ? 'error' : 'warning'}`}
              tabIndex={0}
              role="img"
              aria-label={`${tile.status === 'error' ? 'Error' : 'Warning'}: ${messages.join('; ')}`}
              data-testid="budget-status"
            >
              {STATUS_ICON[tile.status]}
            </span>
          </Tooltip>
        )}
      </header>
      <p className="budget-tile__manager muted">
        {tile.managerName ?? 'No manager'} · {tile.headcount.toLocaleString('en-US')}{' '}
        {tile.headcount === 1 ? 'employee' : 'employees'}
        {tile.subTeamCount > 0 && ` · ${tile.subTeamCount.toLocaleString('en-US')} sub-teams`}
      </p>
      <div className="budget-tile__budget">{budgetEditor}</div>
      <dl className="budget-tile__figures">
        <dt>
          <BudgetTermLabel term="Recommended" />
        </dt>
        <dd data-testid="recommended-budget">{money(tile.recommendedBudget, currency)}</dd>
        <dt>
          <BudgetTermLabel term="Calculated" />
        </dt>
        <dd data-testid="calculated-budget">{money(tile.calculatedBudget, currency)}</dd>
        <dt>
          <BudgetTermLabel term="Budget Used" />
        </dt>
        <dd data-testid="budget-used">
          {money(tile.usedBudget, currency)}
          {percent !== null && (
            <span className={`budget-used budget-used--${budgetUsedColor(percent)}`}>
              {' '}
              ({percent.toLocaleString('en-US', { maximumFractionDigits: 1 })}%)
            </span>
          )}
        </dd>
      </dl>
      {extra}
      {messages.length > 0 && (
        <ul className="budget-tile__messages">
          {messages.map((message) => (
            <li key={message} className={tile.errors.includes(message) ? 'text-error' : 'text-warning'}>
              {message}
            </li>
          ))}
        </ul>
      )}
    </article>
  )
}
