import { useId } from 'react'
import type { ImportAffectedPlan, ImportPlanMode, ImportPreview } from '../../../src-shared/contract'
import { formatMoney } from '../../../src-shared/domain/money'
import { PLAN_MODES, PLAN_MODE_LABELS } from '../../../src-shared/domain/reimport'
import { MissingEmployees } from './MissingEmployees'
import { PREVIEW_PAGE_SIZE, type ImportPreviewController } from './use-import-preview'
import { formatCount, outcomeCounts, planAmountsText, rowsRangeText } from './import-view'

interface Props {
  preview: ImportPreviewController
  /** Another call is under way: choices wait. */
  busy: boolean
}

/**
 * Before commit, what the import will do to the workbook: new, updated and unchanged employees, and
 * the plans it affects, with what becomes of them (for all, or per employee).
 */
export function ImportChangesPanel({ preview, busy }: Props) {
  const { plans } = preview
  const titleId = useId()
  if (!plans) return null
  const counts = outcomeCounts(plans)
  return (
    <section className="import-changes" aria-labelledby={titleId} data-testid="import-changes">
      <div className="import-changes__line">
        <h2 id={titleId} className="import-changes__title">
          What the import will do
        </h2>
        <ul className="import-changes__counts">
          <li data-testid="import-count-created">{counts[0]}</li>
          <li data-testid="import-count-updated">{counts[1]}</li>
          <li data-testid="import-count-unchanged">{counts[2]}</li>
          <li data-testid="import-count-plans" className={plans.plansAffected > 0 ? 'import-warn' : ''}>
            {counts[3]}
          </li>
        </ul>
        {plans.pending > 0 && (
          <span className="muted">
            ({formatCount(plans.pending)} {plans.pending === 1 ? 'row' : 'rows'} with errors counted once
            fixed)
          </span>
        )}
      </div>
      {plans.missing.total > 0 && preview.importId && (
        <MissingEmployees importId={preview.importId} missing={plans.missing} disabled={busy} />
      )}
      {plans.plansAffected > 0 && <AffectedPlans preview={preview} plans={plans} busy={busy} />}
      {plans.updated > 0 && <UpdatedEmployees preview={preview} />}
    </section>
  )
}

function AffectedPlans({
  preview,
  plans,
  busy,
}: {
  preview: ImportPreviewController
  plans: ImportPreview
  busy: boolean
}) {
  const name = useId()
  const disabled = busy || preview.choosing
  return (
    <details className="import-changes__details" open data-testid="import-plans">
      <summary>
        {formatCount(plans.plansAffected)}{' '}
        {plans.plansAffected === 1 ? 'employee with a plan has' : 'employees with a plan have'} a changed
        current pay, currency, pay range, eligibility or name
      </summary>
      <fieldset className="import-plan-mode" disabled={disabled}>
        <legend>For every affected plan</legend>
        {PLAN_MODES.map((mode) => (
          <label key={mode}>
            <input
              type="radio"
              name={name}
              value={mode}
              checked={(preview.planMode ?? plans.planMode) === mode}
              data-testid={`import-plan-mode-${mode}`}
              onChange={() => void preview.choose(mode)}
            />
            {PLAN_MODE_LABELS[mode]}
            {mode === 'keep-percent' ? ' (default)' : ''}
          </label>
        ))}
        {plans.ownChoices > 0 && (
          <span className="muted">
            {formatCount(plans.ownChoices)} chosen per employee below (choosing for all resets them)
          </span>
        )}
      </fieldset>
      <div className="import-changes__scroll">
        <table className="import-plans-table">
          <thead>
            <tr>
              <th scope="col">Row</th>
              <th scope="col">Employee</th>
              <th scope="col">What changed</th>
              <th scope="col">Planned now</th>
              <th scope="col">After the import</th>
              <th scope="col">Choice</th>
            </tr>
          </thead>
          <tbody>
            {plans.plans.map((plan) => (
              <PlanRow
                key={plan.row}
                plan={plan}
                planMode={plans.planMode}
                disabled={disabled}
                onChoose={preview.choose}
              />
            ))}
          </tbody>
        </table>
      </div>
      <ListPager
        offset={preview.plansOffset}
        shown={plans.plans.length}
        total={plans.total}
        onOffset={preview.setPlansOffset}
        label="Affected plans"
      />
    </details>
  )
}

function PlanRow({
  plan,
  planMode,
  disabled,
  onChoose,
}: {
  plan: ImportAffectedPlan
  planMode: ImportPlanMode
  disabled: boolean
  onChoose: (mode: ImportPlanMode | null, employeeId?: string) => Promise<void>
}) {
  const mode = plan.choice ?? planMode
  return (
    <tr data-testid="import-plan-row" data-employee-id={plan.employeeId}>
      <td className="import-plans-table__number">{formatCount(plan.row)}</td>
      <td>
        <div>
          {plan.name} <span className="muted">({plan.employeeId})</span>
        </div>
        {plan.probableDifferentPerson && (
          <div className="import-warn" data-testid="import-different-person">
            ⚠ Probably a different person: this Employee Id was {plan.previousName}
          </div>
        )}
      </td>
      <td>
        <ul className="import-plans-table__reasons">
          {plan.reasons.map((r) => (
            <li key={r.reason}>{r.text}</li>
          ))}
        </ul>
      </td>
      <td>{planAmountsText(plan.plan, plan.previousCurrency)}</td>
      <td data-testid="import-plan-after">
        {planAmountsText(plan.outcomes[mode], plan.currency)}
        <div className="muted">on {formatMoney(plan.currentPay, plan.currency)}</div>
      </td>
      <td>
        <select
          className="input"
          aria-label={`What becomes of the plan of ${plan.name}`}
          value={plan.choice ?? ''}
          disabled={disabled}
          data-testid="import-plan-choice"
          onChange={(event) =>
            void onChoose((event.target.value || null) as ImportPlanMode | null, plan.employeeId)
          }
        >
          <option value="" title={PLAN_MODE_LABELS[planMode]}>
            As for all
          </option>
          {PLAN_MODES.map((m) => (
            <option key={m} value={m}>
              {PLAN_MODE_LABELS[m]}
            </option>
          ))}
        </select>
      </td>
    </tr>
  )
}

function UpdatedEmployees({ preview }: { preview: ImportPreviewController }) {
  const page = preview.updated
  return (
    <details
      className="import-changes__details"
      open={preview.showUpdated}
      data-testid="import-updated"
      onToggle={(event) => preview.setShowUpdated(event.currentTarget.open)}
    >
      <summary>Updated employees and the fields that change</summary>
      {preview.showUpdated && !page && <p className="muted">Loading…</p>}
      {preview.showUpdated && page && (
        <>
          <div className="import-changes__scroll">
            <table className="import-plans-table">
              <thead>
                <tr>
                  <th scope="col">Row</th>
                  <th scope="col">Employee</th>
                  <th scope="col">Changes</th>
                </tr>
              </thead>
              <tbody>
                {page.updates.map((update) => (
                  <tr key={update.row} data-testid="import-updated-row" data-employee-id={update.employeeId}>
                    <td className="import-plans-table__number">{formatCount(update.row)}</td>
                    <td>
                      {update.name} <span className="muted">({update.employeeId})</span>
                    </td>
                    <td>
                      <ul className="import-plans-table__reasons">
                        {update.changes.map((change) => (
                          <li key={change.field}>
                            <strong>{change.header}</strong>: {change.before} → {change.after}
                          </li>
                        ))}
                      </ul>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <ListPager
            offset={preview.updatedOffset}
            shown={page.updates.length}
            total={page.total}
            onOffset={preview.setUpdatedOffset}
            label="Updated employees"
          />
        </>
      )}
    </details>
  )
}

function ListPager({
  offset,
  shown,
  total,
  onOffset,
  label,
}: {
  offset: number
  shown: number
  total: number
  onOffset: (offset: number) => void
  label: string
}) {
  if (total <= PREVIEW_PAGE_SIZE) return null
  return (
    <nav className="import-pager" aria-label={label}>
      <span className="muted">{rowsRangeText(offset, shown, total)}</span>
      <button
        type="button"
        className="button"
        disabled={offset <= 0}
        onClick={() => onOffset(Math.max(0, offset - PREVIEW_PAGE_SIZE))}
      >
        Previous
      </button>
      <button
        type="button"
        className="button"
        disabled={offset + PREVIEW_PAGE_SIZE >= total}
        onClick={() => onOffset(offset + PREVIEW_PAGE_SIZE)}
      >
        Next
      </button>
    </nav>
  )
}
