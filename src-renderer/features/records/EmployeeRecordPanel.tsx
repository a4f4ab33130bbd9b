import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react'
import type { EmployeeRecordDto } from '../../../src-shared/contract'
import {
  EMPLOYEE_FIELDS,
  EMPLOYEE_FIELD_NAMES,
  type EmployeeField,
} from '../../../src-shared/domain/company-records'
import { CURRENCY_CODES } from '../../../src-shared/domain/currencies'
import { call } from '../../app/client'
import { useDialog } from '../../components/dialog'
import { useAppSelector } from '../../app/hooks'
import { selectSessionKey } from '../../app/session-slice'
import { SidePanel } from '../../components/side-panel'
import { useToast } from '../../components/toast'
import { UndoRedoButtons } from '../../components/undo/UndoRedoButtons'
import { useUndoSteps } from '../../components/undo/use-undo-steps'
import './records.css'

interface Props {
  employeeId: number
  employeeName: string
  onClose: () => void
  /** After a save, an undo or a redo: the table asks for its rows again. */
  onSaved: () => void
}

type Values = Record<EmployeeField, string>

/**
 * An employee's record (admin view, administration document §3), edited from the Compensation
 * Table: validated in the main process like the import, saved as one undoable change.
 */
export function EmployeeRecordPanel({ employeeId, employeeName, onClose, onSaved }: Props) {
  const toast = useToast()
  const [record, setRecord] = useState<EmployeeRecordDto | null>(null)
  const [values, setValues] = useState<Values | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  /** Set once the employee is deleted: the panel offers Undo (restore) until closed. */
  const [deleted, setDeletedState] = useState<string | null>(null)
  const deletedRef = useRef<string | null>(null)
  const setDeleted = useCallback((message: string | null) => {
    deletedRef.current = message
    setDeletedState(message)
  }, [])
  const dialog = useDialog()

  const load = useCallback(async () => {
    try {
      const answer = await call('employees.record', { employeeId })
      setRecord(answer)
      setValues(answer.values)
      setDeleted(null)
      setError(null)
    } catch (caught) {
      // A redone delete: the panel says so already.
      if (deletedRef.current) return
      setError(caught instanceof Error ? caught.message : 'Error: Failed to fetch employee details')
    }
  }, [employeeId, setDeleted])
  useEffect(() => {
    void load()
  }, [load])
  const sessionKey = useAppSelector(selectSessionKey)
  const steps = useUndoSteps(
    useCallback(() => {
      void load()
      onSaved()
    }, [load, onSaved]),
    { keys: false, keepAs: `record:${sessionKey ?? ''}:${employeeId}` },
  )

  const changed = record && values ? EMPLOYEE_FIELD_NAMES.filter((f) => values[f] !== record.values[f]) : []

  async function save(event?: FormEvent) {
    event?.preventDefault()
    if (!values || changed.length === 0 || busy) return
    const changes = Object.fromEntries(changed.map((f) => [f, values[f]])) as Partial<Values>
    setBusy(true)
    try {
      const result = await call('employees.update', { employeeId, changes })
      setRecord(result.record)
      setValues(result.record.values)
      setError(null)
      toast.success(result.message)
      const before = result.before
      steps.record({
        label: `record of ${result.record.values.name}`,
        undo: async () => void (await call('employees.update', { employeeId, changes: before })),
        redo: async () => void (await call('employees.update', { employeeId, changes })),
      })
      onSaved()
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : String(caught))
    } finally {
      setBusy(false)
    }
  }

  async function remove() {
    if (!record) return
    const name = `${record.values.name} (${record.companyEmployeeId})`
    const sure = await dialog.confirm({
      title: 'Delete employee?',
      message: `Delete ${name}? They leave the Compensation Table, their teams and their user; their reward history is kept in the change history, and Undo brings everything back.`,
      confirmLabel: 'Delete',
      tone: 'danger',
    })
    if (!sure) return
    try {
      const result = await call('employees.delete', { employeeId })
      let changeLogId = result.changeLogId
      setDeleted(result.message)
      toast.success(result.message)
      steps.record({
        label: `delete ${name}`,
        undo: async () => void (await call('employees.restore', { changeLogId })),
        redo: async () => {
          const again = await call('employees.delete', { employeeId })
          changeLogId = again.changeLogId
          setDeleted(again.message)
        },
      })
      onSaved()
    } catch (caught) {
      toast.error(`Error: ${caught instanceof Error ? caught.message : 'Unknown Error'}`)
    }
  }

  return (
    <SidePanel
      title={`Record of ${record?.values.name ?? employeeName}`}
      subtitle={
        record
          ? `${record.companyEmployeeId} · ${record.teamName ?? 'No team'} · Manager: ${record.managerName ?? 'none'}`
          : null
      }
      onClose={onClose}
      testId="employee-record"
    >
      {!values && !error && <p className="muted">Loading…</p>}
      {error && (
        <p role="alert" className="records__error" data-testid="employee-record-error">
          {error}
        </p>
      )}
      {deleted && (
        <div className="records__deleted" data-testid="employee-deleted">
          <p>{deleted}</p>
          <button type="button" className="button" onClick={steps.undo} data-testid="record-undo-delete">
            Undo
          </button>
        </div>
      )}
      {values && !deleted && (
        <form className="records__form" noValidate onSubmit={(event) => void save(event)}>
          {EMPLOYEE_FIELD_NAMES.map((field) => {
            const spec = EMPLOYEE_FIELDS[field]
            const onChange = (value: string) => setValues({ ...values, [field]: value })
            return (
              <label
                key={field}
                className={values[field] !== record?.values[field] ? 'records__changed' : undefined}
              >
                <span>
                  {spec.label}
                  {spec.required && <span aria-hidden="true"> *</span>}
                </span>
                {spec.type === 'boolean' ? (
                  <select
                    value={values[field]}
                    onChange={(e) => onChange(e.target.value)}
                    data-testid={`record-${field}`}
                  >
                    <option value="true">Yes</option>
                    <option value="false">No</option>
                  </select>
                ) : spec.type === 'currency' ? (
                  <select
                    value={values[field]}
                    onChange={(e) => onChange(e.target.value)}
                    data-testid={`record-${field}`}
                  >
                    {CURRENCY_CODES.map((c) => (
                      <option key={c} value={c}>
                        {c}
                      </option>
                    ))}
                  </select>
                ) : (
                  <input
                    value={values[field]}
                    onChange={(e) => onChange(e.target.value)}
                    inputMode={
                      spec.type === 'money' || spec.type === 'number' || spec.type === 'fte'
                        ? 'decimal'
                        : undefined
                    }
                    type={spec.type === 'email' ? 'email' : 'text'}
                    data-testid={`record-${field}`}
                  />
                )}
              </label>
            )
          })}
          <div className="records__actions">
            <button
              type="submit"
              className="button button--primary"
              disabled={busy || changed.length === 0}
              data-testid="record-save"
            >
              Save{changed.length > 0 ? ` (${changed.length})` : ''}
            </button>
            <button
              type="button"
              className="button"
              disabled={changed.length === 0}
              onClick={() => record && setValues(record.values)}
            >
              Revert
            </button>
            <button
              type="button"
              className="button button--danger"
              onClick={() => void remove()}
              data-testid="record-delete"
            >
              Delete employee…
            </button>
            <span className="records__spacer" />
            <UndoRedoButtons steps={steps} testId="record" />
          </div>
          <p className="muted">
            Team and manager change in the org chart. Every save is in the change history.
          </p>
        </form>
      )}
    </SidePanel>
  )
}
