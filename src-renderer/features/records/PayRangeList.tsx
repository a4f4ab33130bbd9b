import { Fragment, useCallback, useState } from 'react'
import type { PayRangeRowDto } from '../../../src-shared/contract'
import { formatAmount } from '../../../src-shared/domain/money'
import { call } from '../../app/client'
import { useAppSelector } from '../../app/hooks'
import { useSyncApplied } from '../../app/use-sync-applied'
import { selectSessionKey } from '../../app/session-slice'
import { useToast } from '../../components/toast'
import { UndoRedoButtons } from '../../components/undo/UndoRedoButtons'
import { useUndoSteps } from '../../components/undo/use-undo-steps'
import { Pagination } from '../compensation-table/Pagination'
import { RowEditActions, RowEditError } from './RowEditParts'
import { useRecordList } from './use-record-list'
import './records.css'

const PAYS = ['minPay', 'midPay', 'maxPay'] as const
type Pay = (typeof PAYS)[number]
const PAY_LABEL: Record<Pay, string> = { minPay: 'Min Pay', midPay: 'Mid Pay', maxPay: 'Max Pay' }

const asText = (cents: number) => (cents / 100).toFixed(2)
const loadRanges = () => call('payRanges.overview', {})
const matchesRange = (r: PayRangeRowDto, term: string) =>
  r.name.toLowerCase().includes(term) || r.payCurrency.toLowerCase() === term

/**
 * The company's pay ranges (PUT /payranges/{id}/): min, mid and max edited in place, validated in
 * the main process like the import (min ≤ mid ≤ max), each save one undoable step; the table's
 * compa ratios and ranges follow.
 */
export function PayRangeList() {
  const toast = useToast()
  const [editing, setEditing] = useState<{
    id: number
    values: Record<Pay, string>
    error: string | null
  } | null>(null)

  const list = useRecordList(loadRanges, matchesRange)
  const { items: ranges, error, reload, rows } = list
  useSyncApplied((applied) => applied.recordsChanged && void reload())
  const sessionKey = useAppSelector(selectSessionKey)
  const steps = useUndoSteps(
    useCallback(() => void reload(), [reload]),
    { keepAs: `payRanges:${sessionKey ?? ''}` },
  )

  async function save() {
    if (!editing) return
    const { id, values } = editing
    try {
      const result = await call('payRanges.update', { payRangeId: id, changes: values })
      setEditing(null)
      if (Object.keys(result.before).length === 0) return
      toast.success(result.message)
      const before = result.before
      steps.record({
        label: `pay range ${result.range.name}`,
        undo: async () => void (await call('payRanges.update', { payRangeId: id, changes: before })),
        redo: async () => void (await call('payRanges.update', { payRangeId: id, changes: values })),
      })
      void reload()
    } catch (caught) {
      setEditing({ ...editing, error: caught instanceof Error ? caught.message : String(caught) })
    }
  }

  return (
    <section className="records panel" aria-labelledby="pay-ranges-title" data-testid="pay-range-list">
      <header className="records__header">
        <h2 id="pay-ranges-title">Pay Ranges</h2>
        <input
          type="search"
          placeholder="Search pay ranges"
          aria-label="Search pay ranges"
          value={list.search}
          onChange={(event) => list.setSearch(event.target.value)}
          data-testid="pay-range-search"
        />
        <span className="records__spacer" />
        <UndoRedoButtons steps={steps} testId="pay-range" />
      </header>
      <p className="muted records__note">
        A change here moves the compa ratios, positions in range and range violations of every employee in the
        range.
      </p>
      {error && <p role="alert">Failed to fetch pay ranges: {error}</p>}
      {ranges && (
        <div className="records__scroll">
          <table className="records__table">
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Currency</th>
                {PAYS.map((p) => (
                  <th key={p} scope="col" className="records__num">
                    {PAY_LABEL[p]}
                  </th>
                ))}
                <th scope="col" className="records__num">
                  Employees
                </th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) =>
                editing?.id === r.id ? (
                  <Fragment key={r.id}>
                    <tr data-testid="pay-range-row" data-name={r.name} className="records__editing">
                      <td>{r.name}</td>
                      <td>
                        {r.payCurrency} <span className="muted">{r.salaried ? 'salaried' : 'hourly'}</span>
                      </td>
                      {PAYS.map((p) => (
                        <td key={p} className="records__num">
                          <input
                            value={editing.values[p]}
                            aria-label={`${PAY_LABEL[p]} of ${r.name}`}
                            inputMode="decimal"
                            onChange={(event) =>
                              setEditing({
                                ...editing,
                                error: null,
                                values: { ...editing.values, [p]: event.target.value },
                              })
                            }
                            onKeyDown={(event) => {
                              if (event.key === 'Enter') void save()
                              if (event.key === 'Escape') setEditing(null)
                            }}
                            autoFocus={p === 'minPay'}
                            data-testid={`pay-range-${p}`}
                          />
                        </td>
                      ))}
                      <td className="records__num">{r.employees.toLocaleString('en-US')}</td>
                      <RowEditActions
                        onSave={() => void save()}
                        onCancel={() => setEditing(null)}
                        testId="pay-range"
                      />
                    </tr>
                    <RowEditError error={editing.error} columns={7} testId="pay-range" />
                  </Fragment>
                ) : (
                  <tr key={r.id} data-testid="pay-range-row" data-name={r.name}>
                    <td>{r.name}</td>
                    <td>
                      {r.payCurrency} <span className="muted">{r.salaried ? 'salaried' : 'hourly'}</span>
                    </td>
                    {PAYS.map((p) => (
                      <td key={p} className="records__num" data-testid={`pay-range-${p}-text`}>
                        {formatAmount(r[p])}
                      </td>
                    ))}
                    <td className="records__num">{r.employees.toLocaleString('en-US')}</td>
                    <td>
                      <button
                        type="button"
                        className="button button--ghost"
                        aria-label={`Edit pay range ${r.name}`}
                        onClick={() =>
                          setEditing({
                            id: r.id,
                            error: null,
                            values: {
                              minPay: asText(r.minPay),
                              midPay: asText(r.midPay),
                              maxPay: asText(r.maxPay),
                            },
                          })
                        }
                        data-testid="pay-range-edit"
                      >
                        Edit
                      </button>
                    </td>
                  </tr>
                ),
              )}
            </tbody>
          </table>
        </div>
      )}
      {ranges && list.found === 0 && <p className="muted">No pay range matches this search.</p>}
      {ranges && list.found > 0 && <Pagination {...list.pagination} />}
    </section>
  )
}
