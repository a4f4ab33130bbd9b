import { useEffect, useState } from 'react'
import type { ManagerTile } from '../../../src-shared/contract'
import { formatMoney } from '../../../src-shared/domain/money'
import { useSyncApplied } from '../../app/use-sync-applied'
import { LoadingSkeleton } from '../../components/skeleton/LoadingSkeleton'
import { useChannel } from './use-budget-level'
import './hyperbalance.css'
import { countOf } from '../../../src-shared/domain/words'

const money = (cents: number | null, currency: string) =>
  cents === null ? 'No budget' : formatMoney(cents, currency)

/**
 * The manager budget view (spec §2.3): 'Given Budget', 'Surplus' and 'Budget Used' of the manager's
 * team, tiles for its sub-teams, back buttons; 'This team is over budget.' (error) and 'A child team
 * is over budget.' (warning). A manager sees only their own teams.
 */
export function ManagerBudgetView() {
  const [teamId, setTeamId] = useState<number | null>(null)
  const view = useChannel('budgets.managerView', { teamId })
  useSyncApplied((applied) => {
    if (applied.teamsChanged) view.reload()
  })
  const data = view.value
  const onlyTeam = teamId === null && data?.team === null && data.tiles.length === 1 ? data.tiles[0].id : null
  // One team of one's own: show it at once rather than a single tile to click.
  useEffect(() => {
    if (onlyTeam !== null) setTeamId(onlyTeam)
  }, [onlyTeam])
  if (!data) {
    return view.state === 'failed' ? (
      <p role="alert">{view.message}</p>
    ) : (
      <LoadingSkeleton label="Loading your budget…" />
    )
  }
  const currency = data.defaultCurrency
  const parent = data.trail[data.trail.length - 1] ?? null
  return (
    <section className="budget-view" aria-labelledby="manager-budget-title" data-testid="manager-budget">
      <div className="budget-view__bar">
        <h2 id="manager-budget-title">{data.team ? data.team.name : 'Your teams'}</h2>
        <nav className="budget-view__back" aria-label="Team levels">
          {parent && (
            <button type="button" className="button" onClick={() => setTeamId(parent.id)}>
              Back to {parent.name}
            </button>
          )}
        </nav>
      </div>
      {data.team && <ManagerSummary team={data.team} currency={currency} />}
      {data.tiles.length === 0 && !data.team && <p className="muted">You do not manage or plan a team.</p>}
      {data.tiles.length > 0 && (
        <>
          <h3 className="budget-view__subtitle">{data.team ? 'Sub-teams' : 'Teams'}</h3>
          <div className="budget-view__tiles">
            {data.tiles.map((tile) => (
              <article
                key={tile.id}
                className={`budget-tile budget-tile--${alertLevel(tile)}`}
                data-testid="manager-tile"
                data-team-id={tile.id}
                aria-label={tile.name}
              >
                <header className="budget-tile__header">
                  <button
                    type="button"
                    className="budget-tile__name link-button"
                    onClick={() => setTeamId(tile.id)}
                  >
                    {tile.name}
                  </button>
                </header>
                <ManagerFigures tile={tile} currency={currency} />
              </article>
            ))}
          </div>
        </>
      )}
    </section>
  )
}

function alertLevel(tile: ManagerTile): 'error' | 'warning-calculated' | 'none' {
  if (tile.alerts.some((a) => a.severity === 'error')) return 'error'
  return tile.alerts.length > 0 ? 'warning-calculated' : 'none'
}

function ManagerSummary({ team, currency }: { team: ManagerTile; currency: string }) {
  return (
    <article className={`budget-tile budget-tile--${alertLevel(team)}`} data-testid="manager-summary">
      <p className="budget-tile__manager muted">
        {team.managerName ?? 'No manager'} · {countOf(team.headcount, 'employee')}
      </p>
      <ManagerFigures tile={team} currency={currency} />
    </article>
  )
}

function ManagerFigures({ tile, currency }: { tile: ManagerTile; currency: string }) {
  return (
    <>
      <dl className="budget-tile__figures">
        <dt>Given Budget</dt>
        <dd data-testid="given-budget">{money(tile.givenBudget, currency)}</dd>
        <dt>Surplus</dt>
        <dd
          data-testid="surplus"
          className={tile.surplus !== null && tile.surplus < 0 ? 'text-error' : undefined}
        >
          {tile.surplus === null ? '—' : formatMoney(tile.surplus, currency)}
        </dd>
        <dt>Budget Used</dt>
        <dd data-testid="budget-used">{formatMoney(tile.usedBudget, currency)}</dd>
      </dl>
      {tile.alerts.length > 0 && (
        <ul className="budget-tile__messages" data-testid="manager-alerts">
          {tile.alerts.map((alert) => (
            <li key={alert.message} className={alert.severity === 'error' ? 'text-error' : 'text-warning'}>
              {alert.message}
            </li>
          ))}
        </ul>
      )}
    </>
  )
}
