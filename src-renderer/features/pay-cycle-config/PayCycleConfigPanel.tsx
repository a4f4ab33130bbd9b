import { useCallback, useEffect, useMemo, useState } from 'react'
import type { PayCycleChange, PayCycleDto, PayCycleRestore } from '../../../src-shared/contract'
import { currentPayCycle, NO_PAY_CYCLE, todayIso } from '../../../src-shared/domain/pay-cycles'
import { formatLongDate } from '../../../src-shared/domain/proration'
import { call, invoke } from '../../app/client'
import { payCyclesChanged } from '../../app/data-slice'
import { useAppDispatch, useAppSelector } from '../../app/hooks'
import { useSyncApplied } from '../../app/use-sync-applied'
import { selectSessionKey } from '../../app/session-slice'
import { useDialog } from '../../components/dialog'
import { LoadingSkeleton } from '../../components/skeleton/LoadingSkeleton'
import { useUndoSteps } from '../../components/undo/use-undo-steps'
import { ClosePayCycleDialog } from './ClosePayCycleDialog'
import { formFromCycle, newForm } from './editor-state'
import { PayCycleEditor } from './PayCycleEditor'
import { PayCycleHistory } from './PayCycleHistory'
import './pay-cycle-config.css'

const FETCH_FAILED = 'Failed to fetch pay cycle configuration'
const UNSAVED = 'Save or revert your changes first.'

function statusText(cycle: PayCycleDto, current: PayCycleDto | null): string {
  if (cycle.active) return 'Active'
  const closed = cycle.closedAt ? `Closed ${formatLongDate(cycle.closedAt.slice(0, 10))}` : 'Closed'
  return cycle.id === current?.id ? `${closed} · choices locked` : closed
}

/**
 * Plan Pay Cycle › Pay Cycle (`?tab=paycycle`): the configurations, the PayCycleEditor of the chosen
 * one (or a new one), Close Pay Cycle, and undo / redo of every saved step.
 */
export function PayCycleConfigPanel() {
  const dispatch = useAppDispatch()
  const dialog = useDialog()
  const sessionKey = useAppSelector(selectSessionKey)
  const [cycles, setCycles] = useState<PayCycleDto[] | null>(null)
  const [loadError, setLoadError] = useState<string | null>(null)
  const [selectedId, setSelectedId] = useState<number | null>(null)
  const [creating, setCreating] = useState(false)
  const [revision, setRevision] = useState(0)
  const [dirty, setDirty] = useState(false)
  const [closingCycle, setClosingCycle] = useState<PayCycleDto | null>(null)

  const show = useCallback(
    (list: PayCycleDto[]) => {
      setCycles(list)
      dispatch(payCyclesChanged(list))
    },
    [dispatch],
  )

  const load = useCallback(async () => {
    const result = await invoke('payCycles.list', {})
    if (!result.ok) {
      setLoadError(FETCH_FAILED)
      return
    }
    setLoadError(null)
    show(result.value)
  }, [show])

  useEffect(() => {
    void load()
  }, [load])

  const apply = useCallback(
    (change: PayCycleChange) => {
      show(change.cycles)
      if (change.cycle) setSelectedId(change.cycle.id)
      setCreating(false)
      setRevision((r) => r + 1)
    },
    [show],
  )

  // Undo and redo move saved steps; while the form holds unsaved changes they wait (the keys too).
  // A step kept from an earlier visit of the tab calls that visit's `apply`, which no longer shows
  // anything: after every move, read the list again and rebuild the editor's form from it.
  const afterMove = useCallback(() => {
    void load().then(() => setRevision((r) => r + 1))
  }, [load])
  // Another admin's configuration reached this replica: the list follows, and the editor too unless
  // it holds unsaved changes (saving them then replaces the other's).
  useSyncApplied((applied) => {
    if (applied.payCyclesChanged) void load().then(() => !dirty && setRevision((r) => r + 1))
  })
  const history = useUndoSteps(afterMove, {
    keepAs: sessionKey ? `payCycles:${sessionKey}` : null,
    keys: !dirty,
  })
  const restore = useCallback(
    async (steps: PayCycleRestore) => apply(await call('payCycles.restore', steps)),
    [apply],
  )
  const record = useCallback(
    (change: PayCycleChange) => {
      apply(change)
      history.record({
        label: change.undo.label,
        undo: () => restore(change.undo),
        redo: () => restore(change.redo),
      })
    },
    [apply, history, restore],
  )

  const current = useMemo(() => (cycles ? currentPayCycle(cycles) : null), [cycles])
  const selected = cycles?.find((c) => c.id === selectedId) ?? current
  const active = cycles?.find((c) => c.active) ?? null

  async function leaveEdits(): Promise<boolean> {
    if (!dirty) return true
    return dialog.confirm({
      title: 'Discard your changes?',
      message: 'The configuration has changes that are not saved.',
      confirmLabel: 'Discard',
      tone: 'danger',
    })
  }

  async function choose(id: number) {
    if ((id === selected?.id && !creating) || !(await leaveEdits())) return
    setCreating(false)
    setSelectedId(id)
    setRevision((r) => r + 1)
  }

  async function startNew() {
    if (!(await leaveEdits())) return
    setCreating(true)
    setRevision((r) => r + 1)
  }

  if (loadError)
    return (
      <div className="panel error-panel" role="alert" data-testid="pay-cycle-error">
        <p>{loadError}</p>
        <button type="button" className="button" onClick={() => void load()}>
          Retry
        </button>
      </div>
    )
  if (!cycles) return <LoadingSkeleton />

  const toolbar = (
    <div className="pcc-toolbar">
      <button
        type="button"
        className="button"
        onClick={history.undo}
        disabled={!history.undoLabel || dirty}
        title={dirty ? UNSAVED : history.undoLabel ? `Undo: ${history.undoLabel}` : 'Nothing to undo'}
        data-testid="pce-undo"
      >
        ↶ Undo
      </button>
      <button
        type="button"
        className="button"
        onClick={history.redo}
        disabled={!history.redoLabel || dirty}
        title={dirty ? UNSAVED : history.redoLabel ? `Redo: ${history.redoLabel}` : 'Nothing to redo'}
        data-testid="pce-redo"
      >
        ↷ Redo
      </button>
      <button type="button" className="button" onClick={() => void startNew()} data-testid="pay-cycle-new">
        New configuration
      </button>
    </div>
  )

  if (cycles.length === 0 && !creating)
    return (
      <div className="pcc" data-testid="pay-cycle-config">
        {toolbar}
        <div className="empty-state" data-testid="pay-cycle-empty">
          <p>{NO_PAY_CYCLE}</p>
          <button type="button" className="button button--primary" onClick={() => void startNew()}>
            Set up a pay cycle
          </button>
        </div>
      </div>
    )

  const editing = creating ? null : selected
  return (
    <div className="pcc" data-testid="pay-cycle-config">
      {toolbar}
      <div className="pcc-layout">
        <nav className="pcc-list" aria-label="Pay cycle configurations" data-testid="pay-cycle-list">
          {cycles.map((cycle) => (
            <button
              key={cycle.id}
              type="button"
              className={`pcc-item${!creating && cycle.id === selected?.id ? ' pcc-item--selected' : ''}`}
              aria-current={!creating && cycle.id === selected?.id ? 'true' : undefined}
              onClick={() => void choose(cycle.id)}
              data-testid="pay-cycle-item"
              data-id={cycle.id}
              data-status={cycle.active ? 'active' : 'closed'}
            >
              <span className="pcc-item__name">{cycle.name}</span>
              <span className={`pcc-badge pcc-badge--${cycle.active ? 'active' : 'closed'}`}>
                {statusText(cycle, current)}
              </span>
              <span className="muted pcc-item__date">
                Effective {cycle.effectiveDate ? formatLongDate(cycle.effectiveDate) : '—'}
              </span>
            </button>
          ))}
          {creating && (
            <div className="pcc-item pcc-item--selected" aria-current="true">
              <span className="pcc-item__name">New configuration</span>
              <span className="pcc-badge">Saved active</span>
            </div>
          )}
        </nav>
        <div className="pcc-main">
          <header className="pcc-header">
            <div>
              <h2 data-testid="pce-title">{editing ? editing.name : 'New configuration'}</h2>
              <p className="muted" data-testid="pce-status">
                {editing
                  ? editing.active
                    ? 'Active: planners are planning in this cycle.'
                    : editing.id === current?.id
                      ? 'Closed: every planner choice is locked. Save And Activate reopens it.'
                      : 'Closed. Save And Activate makes it the active cycle.'
                  : 'A new configuration is always saved active.'}
              </p>
            </div>
            {editing?.active && (
              <button
                type="button"
                className="button button--danger"
                onClick={() => setClosingCycle(editing)}
                data-testid="pce-close-cycle"
              >
                Close Pay Cycle
              </button>
            )}
          </header>
          <PayCycleEditor
            key={`editor:${editing?.id ?? 'new'}:${revision}`}
            cycle={editing}
            initial={editing ? formFromCycle(editing) : newForm(current, todayIso())}
            otherActive={active && active.id !== editing?.id ? active : null}
            onSaved={record}
            onCancel={creating ? () => setCreating(false) : undefined}
            onDirtyChange={setDirty}
          />
          {editing && <PayCycleHistory key={`history:${editing.id}:${revision}`} id={editing.id} />}
        </div>
      </div>
      {closingCycle && (
        <ClosePayCycleDialog
          cycle={closingCycle}
          onClose={(change) => {
            setClosingCycle(null)
            if (change) record(change)
          }}
        />
      )}
    </div>
  )
}
