import type { BudgetTile } from '../../../src-shared/contract'
import { formatMoney } from '../../../src-shared/domain/money'

export const DISTRIBUTION_TITLE = 'HyperBalance Calculated Distribution'
/** Shown once a budget changed after the matrix was saved (the spec marks HyperBalance as changed). */
export const HYPERBALANCE_CHANGED =
  'Budgets changed since the merit matrix was saved. Calculate and save the matrix again to distribute them.'

/**
 * The bar 'HyperBalance Calculated Distribution' (spec §2): each team's allocated budget from the
 * saved matrix, as a share of the level's total. Enabled once a matrix configuration is saved.
 */
export function DistributionBar({
  enabled,
  changed,
  tiles,
  currency,
}: {
  enabled: boolean
  changed: boolean
  tiles: readonly BudgetTile[]
  currency: string
}) {
  const allocated = tiles.filter((tile) => (tile.allocatedBudget ?? 0) > 0)
  const total = allocated.reduce((sum, tile) => sum + (tile.allocatedBudget ?? 0), 0)
  return (
    <section
      className={`distribution-bar${enabled ? '' : ' distribution-bar--disabled'}`}
      aria-label={DISTRIBUTION_TITLE}
      aria-disabled={!enabled}
      data-testid="distribution-bar"
    >
      <h3 className="distribution-bar__title">{DISTRIBUTION_TITLE}</h3>
      {enabled && changed && (
        <p className="distribution-bar__changed" role="note" data-testid="hyperbalance-changed">
          {HYPERBALANCE_CHANGED}
        </p>
      )}
      {!enabled ? (
        <p className="muted">Save a pay-cycle matrix to see how it distributes the budget.</p>
      ) : total === 0 ? (
        <p className="muted">The saved matrix allocates nothing to these teams.</p>
      ) : (
        <div className="distribution-bar__track" role="list">
          {allocated.map((tile, index) => {
            const share = (tile.allocatedBudget ?? 0) / total
            const text = `${tile.name}: ${formatMoney(tile.allocatedBudget ?? 0, currency)} (${(share * 100).toFixed(1)}%)`
            return (
              <span
                key={tile.id}
                role="listitem"
                className={`distribution-bar__segment distribution-bar__segment--${index % 6}`}
                style={{ flexGrow: share }}
                title={text}
                aria-label={text}
              >
                {share > 0.08 ? tile.name : ''}
              </span>
            )
          })}
        </div>
      )}
    </section>
  )
}
