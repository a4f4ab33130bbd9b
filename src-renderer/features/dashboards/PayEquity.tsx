import { useState } from 'react'
import type { DashboardSummary } from '../../../src-shared/contract'
import { formatGap } from '../../../src-shared/domain/pay-equity'

const ratio = (value: number | null) => (value === null ? '—' : value.toFixed(3))

/**
 * The in-cycle pay-equity view (beyond the spec), computed in the main process: median compa ratio
 * and the gap to the largest group by gender or race, before and after the planned changes; groups
 * under 5 are not shown.
 */
export function PayEquity({ equity }: { equity: DashboardSummary['equity'] }) {
  const [by, setBy] = useState<'gender' | 'race'>('gender')
  const view = equity[by]
  return (
    <div className="equity" data-testid="pay-equity">
      <div className="increase-table__bar">
        <p className="muted">
          {view.reference
            ? `Gaps are the difference of each group's median compa ratio from that of ${view.reference}, the largest group.`
            : 'No group is large enough to compare.'}{' '}
          Planned changes that narrow a gap show as a smaller gap after.
        </p>
        <label className="dashboard__select">
          <span className="muted">By</span>
          <select
            data-testid="equity-by"
            value={by}
            onChange={(e) => setBy(e.currentTarget.value as 'gender' | 'race')}
          >
            <option value="gender">Gender</option>
            <option value="race">Race</option>
          </select>
        </label>
      </div>
      <div className="dashboard-table__scroll">
        <table className="dashboard-table">
          <thead>
            <tr>
              <th scope="col">{by === 'gender' ? 'Gender' : 'Race'}</th>
              <th scope="col" className="number">
                Employees
              </th>
              <th scope="col" className="number">
                Median before
              </th>
              <th scope="col" className="number">
                Gap before
              </th>
              <th scope="col" className="number">
                Median after
              </th>
              <th scope="col" className="number">
                Gap after
              </th>
            </tr>
          </thead>
          <tbody>
            {view.rows.map((row) => (
              <tr key={row.name} data-testid="equity-row">
                <th scope="row">
                  {row.name}
                  {row.reference && <span className="muted"> (reference)</span>}
                </th>
                <td className="number">{row.count.toLocaleString('en-US')}</td>
                {row.note ? (
                  <td colSpan={4} className="muted">
                    {row.note}
                  </td>
                ) : (
                  <>
                    <td className="number">{ratio(row.medianBefore)}</td>
                    <td className="number">{formatGap(row.gapBefore)}</td>
                    <td className="number">{ratio(row.medianAfter)}</td>
                    <td className="number">{formatGap(row.gapAfter)}</td>
                  </>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  )
}
