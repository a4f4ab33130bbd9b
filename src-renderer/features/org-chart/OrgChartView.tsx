import { useCallback, useEffect, useRef, useState } from 'react'
import { DndProvider } from 'react-dnd'
import { HTML5Backend } from 'react-dnd-html5-backend'
import type { OrgCard } from '../../../src-shared/contract'
import { makeManagerConfirm, type DragSource, type DropTarget } from '../../../src-shared/domain/org-chart'
import { invoke } from '../../app/client'
import { useAppSelector } from '../../app/hooks'
import { selectSessionKey } from '../../app/session-slice'
import { useRefusedPush } from '../../app/use-sync-applied'
import { useUndoKeys } from '../../components/keyboard'
import { useDialog } from '../../components/dialog'
import { LoadingSkeleton } from '../../components/skeleton/LoadingSkeleton'
import { useToast } from '../../components/toast'
import { Pagination } from '../compensation-table/Pagination'
import { useChannel } from '../hyperbalance/use-budget-level'
import { MoveDialog } from './MoveDialog'
import { DropZone, EmployeeCard, TeamCard, targetKey } from './org-chart-cards'
import { moveStep, recordStep, useOrgSteps } from './org-steps'
import { useServerTeamChanges } from './use-server-team-changes'
import './org-chart.css'

/** Spec §9: the drag overlay clears after 500 ms; cards are 96 px wide on a 4 px padding. */
export const DRAG_OVERLAY_CLEAR_MS = 500
export const MEMBERS_PER_PAGE = 60

const ORG_CHART_PUSHES = ['org_chart'] as const

/**
 * The org chart (administration document §2, §4, §9): one team at a time — its manager slot, its
 * sub-teams and a page of its members — with employee cards dragged (react-dnd) onto teams, manager
 * slots, other employees or the company root, following the drag rules; each drop is one undoable
 * step. 'Move…' on a card does the same from the keyboard.
 */
export function OrgChartView() {
  const [teamId, setTeamId] = useState<number | null>(null)
  const [page, setPage] = useState(1)
  const { steps, update: setSteps } = useOrgSteps(useAppSelector(selectSessionKey))
  const dialog = useDialog()
  const [flash, setFlash] = useState<string | null>(null)
  const [moving, setMoving] = useState<{ card: OrgCard; asManager: boolean } | null>(null)
  const toast = useToast()
  const view = useChannel('orgChart.view', {
    teamId,
    offset: (page - 1) * MEMBERS_PER_PAGE,
    limit: MEMBERS_PER_PAGE,
  })
  const leaveRemovedTeam = useCallback(
    (message: string) => {
      toast.info(message)
      setTeamId(null)
      setPage(1)
    },
    [toast],
  )
  useServerTeamChanges(view, teamId, leaveRemovedTeam)
  // A drop (or its undo or redo) the server refused was put back: no step may send it again.
  useRefusedPush(ORG_CHART_PUSHES, () => setSteps((state) => ({ ...state, past: [], future: [] })))
  const flashTimer = useRef<number | undefined>(undefined)
  useEffect(() => () => window.clearTimeout(flashTimer.current), [])

  const open = (id: number | null) => {
    setTeamId(id)
    setPage(1)
  }

  const drop = useCallback(
    async (source: DragSource, target: DropTarget) => {
      const result = await invoke('orgChart.drop', { source, target })
      if (!result.ok) return toast.error(result.error.message)
      if (!result.value.changed) return
      const { message, before, after } = result.value
      setSteps((state) => recordStep(state, { label: message, before, after }))
      toast.success(message)
      setFlash(targetKey(target))
      window.clearTimeout(flashTimer.current)
      flashTimer.current = window.setTimeout(() => setFlash(null), DRAG_OVERLAY_CLEAR_MS)
      view.reload()
    },
    [toast, view, setSteps],
  )

  /** Making someone a manager is explicit: a confirm names the team, its old and new manager and its new name. */
  const makeManager = useCallback(
    async (source: DragSource, team: { id: number; name: string; manager: string | null }, name: string) => {
      const sure = await dialog.confirm({
        title: 'Make manager?',
        message: makeManagerConfirm(team.name, team.manager, name),
        confirmLabel: 'Make manager',
      })
      if (sure) await drop(source, { kind: 'managerSlot', teamId: team.id })
    },
    [dialog, drop],
  )

  const move = useCallback(
    async (direction: 'undo' | 'redo') => {
      const step = direction === 'undo' ? steps.past.at(-1) : steps.future.at(-1)
      if (!step) return
      const result = await invoke('orgChart.restore', {
        snapshot: direction === 'undo' ? step.before : step.after,
      })
      if (!result.ok) return toast.error(result.error.message)
      setSteps((state) => moveStep(state, direction))
      toast.info(`${direction === 'undo' ? 'Undone' : 'Redone'}: ${step.label}`)
      view.reload()
    },
    [steps, toast, view, setSteps],
  )
  useUndoKeys(
    () => void move('undo'),
    () => void move('redo'),
  )

  const data = view.value
  if (!data)
    return view.state === 'failed' ? (
      <p role="alert">{view.message}</p>
    ) : (
      <LoadingSkeleton label="Loading the org chart…" />
    )
  const onMove = (card: OrgCard, asManager: boolean) => setMoving({ card, asManager })
  return (
    <DndProvider backend={HTML5Backend}>
      <section className="org-chart" aria-labelledby="org-chart-title" data-testid="org-chart">
        <div className="org-chart__bar">
          <h2 id="org-chart-title" className="visually-hidden">
            Org chart
          </h2>
          <nav className="org-chart__trail" aria-label="Team path">
            <DropZone
              target={{ kind: 'company' }}
              flash={flash}
              onDrop={drop}
              className="org-crumb"
              testId="org-company"
            >
              <button type="button" className="link-button" onClick={() => open(null)}>
                Company
              </button>
            </DropZone>
            {data.trail.map((crumb) => (
              <span key={crumb.id}>
                {' › '}
                <button type="button" className="link-button" onClick={() => open(crumb.id)}>
                  {crumb.name}
                </button>
              </span>
            ))}
            {data.team && <span> › {data.team.name}</span>}
          </nav>
          <span className="org-chart__undo">
            <button
              type="button"
              className="button"
              disabled={steps.past.length === 0}
              title={steps.past.at(-1)?.label ?? 'Nothing to undo'}
              onClick={() => void move('undo')}
              data-testid="org-undo"
            >
              Undo
            </button>
            <button
              type="button"
              className="button"
              disabled={steps.future.length === 0}
              title={steps.future.at(-1)?.label ?? 'Nothing to redo'}
              onClick={() => void move('redo')}
              data-testid="org-redo"
            >
              Redo
            </button>
          </span>
        </div>
        {data.team && (
          <div className="org-chart__head">
            <span className="muted">Manager</span>
            <DropZone
              target={{ kind: 'managerSlot', teamId: data.team.id }}
              flash={flash}
              onDrop={(source, target, name) => {
                const team = data.team
                // Its own manager's card dropped back removes them; anyone else asks first.
                if (!team || team.manager?.id === source.employeeId) return void drop(source, target)
                const about = { id: team.id, name: team.name, manager: team.manager?.name ?? null }
                void makeManager(source, about, name)
              }}
              className="org-slot"
              testId="org-manager-slot"
            >
              {data.team.manager ? (
                <EmployeeCard card={data.team.manager} asManager onMove={onMove} />
              ) : (
                <span className="muted">Drop a manager here</span>
              )}
            </DropZone>
          </div>
        )}
        <h3 className="org-chart__subtitle">
          {data.team ? 'Sub-teams' : 'Teams'} <span className="muted">({data.subTeams.length})</span>
        </h3>
        <div className="org-chart__teams">
          {data.subTeams.map((team) => (
            <TeamCard
              key={team.id}
              team={team}
              defaultCurrency={data.defaultCurrency}
              flash={flash}
              onOpen={() => open(team.id)}
              onDrop={drop}
              onMove={onMove}
            />
          ))}
          {data.subTeams.length === 0 && <p className="muted">No sub-teams.</p>}
        </div>
        <h3 className="org-chart__subtitle">
          {data.team ? 'Members' : 'Employees without a team'}{' '}
          <span className="muted">({data.memberTotal.toLocaleString('en-US')})</span>
        </h3>
        <DropZone
          target={data.team ? { kind: 'team', teamId: data.team.id } : { kind: 'company' }}
          flash={flash}
          onDrop={drop}
          className="org-chart__members"
          testId="org-members"
        >
          {data.members.map((member) => (
            <DropZone
              key={member.id}
              target={{ kind: 'employee', employeeId: member.id }}
              flash={flash}
              onDrop={drop}
              className="org-card-slot"
            >
              <EmployeeCard card={member} asManager={false} onMove={onMove} />
            </DropZone>
          ))}
        </DropZone>
        {data.memberTotal > MEMBERS_PER_PAGE && (
          <Pagination
            current={page}
            total={Math.ceil(data.memberTotal / MEMBERS_PER_PAGE)}
            rowCount={data.memberTotal}
            pageSize={MEMBERS_PER_PAGE}
            onGoTo={setPage}
          />
        )}
        {moving && (
          <MoveDialog
            card={moving.card}
            asManager={moving.asManager}
            onClose={() => setMoving(null)}
            onMove={(target) => {
              setMoving(null)
              void drop({ employeeId: moving.card.id, asManager: moving.asManager }, target)
            }}
            onMakeManager={(team) => {
              setMoving(null)
              const source = { employeeId: moving.card.id, asManager: moving.asManager }
              void makeManager(source, team, moving.card.name)
            }}
          />
        )}
      </section>
    </DndProvider>
  )
}
