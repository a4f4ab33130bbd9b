import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react'
import { DndProvider, useDrag, useDrop } from 'react-dnd'
import { HTML5Backend } from 'react-dnd-html5-backend'
import type { OrgCard, OrgSnapshot, OrgTeamCard } from '../../../src-shared/contract'
import type { DragSource, DropTarget } from '../../../src-shared/domain/org-chart'
import { formatMoneyInThousands } from '../../../src-shared/domain/money'
import { invoke } from '../../app/client'
import { useSyncApplied } from '../../app/use-sync-applied'
import { useUndoKeys } from '../../components/keyboard'
import { LoadingSkeleton } from '../../components/skeleton/LoadingSkeleton'
import { useToast } from '../../components/toast'
import { Pagination } from '../compensation-table/Pagination'
import { useChannel } from '../hyperbalance/use-budget-level'
import { MoveDialog } from './MoveDialog'
import './org-chart.css'

/** Spec §9: the drag overlay clears after 500 ms; cards are 96 px wide on a 4 px padding. */
export const DRAG_OVERLAY_CLEAR_MS = 500
export const MEMBERS_PER_PAGE = 60
const CARD = 'org-card'

interface Step {
  label: string
  before: OrgSnapshot
  after: OrgSnapshot
}

/**
 * The org chart (administration document §2, §4, §9): one team at a time — its manager slot, its
 * sub-teams and a page of its members — with employee cards dragged (react-dnd) onto teams, manager
 * slots, other employees or the company root, following the drag rules; each drop is one undoable
 * step. 'Move…' on a card does the same from the keyboard.
 */
export function OrgChartView() {
  const [teamId, setTeamId] = useState<number | null>(null)
  const [page, setPage] = useState(1)
  const [steps, setSteps] = useState<{ past: Step[]; future: Step[] }>({ past: [], future: [] })
  const [flash, setFlash] = useState<string | null>(null)
  const [moving, setMoving] = useState<{ card: OrgCard; asManager: boolean } | null>(null)
  const toast = useToast()
  const view = useChannel('orgChart.view', {
    teamId,
    offset: (page - 1) * MEMBERS_PER_PAGE,
    limit: MEMBERS_PER_PAGE,
  })
  // Teams made, moved or removed on the company server: the team shown is asked again; one removed
  // there is left for the company root, and the user is told why.
  useSyncApplied((applied) => (applied.teamsChanged || applied.recordsChanged) && view.reload())
  const failed = view.state === 'failed' ? view.message : null
  useEffect(() => {
    if (failed === null || teamId === null || !failed.startsWith('No team has the id')) return
    toast.info(failed)
    setTeamId(null)
    setPage(1)
  }, [failed, teamId, toast])
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
      setSteps((state) => ({
        past: [...state.past, { label: message, before, after }].slice(-50),
        future: [],
      }))
      toast.success(message)
      setFlash(targetKey(target))
      window.clearTimeout(flashTimer.current)
      flashTimer.current = window.setTimeout(() => setFlash(null), DRAG_OVERLAY_CLEAR_MS)
      view.reload()
    },
    [toast, view],
  )

  const move = useCallback(
    async (direction: 'undo' | 'redo') => {
      const step = direction === 'undo' ? steps.past.at(-1) : steps.future.at(-1)
      if (!step) return
      const result = await invoke('orgChart.restore', {
        snapshot: direction === 'undo' ? step.before : step.after,
      })
      if (!result.ok) return toast.error(result.error.message)
      setSteps((state) =>
        direction === 'undo'
          ? { past: state.past.slice(0, -1), future: [...state.future, step] }
          : { past: [...state.past, step], future: state.future.slice(0, -1) },
      )
      toast.info(`${direction === 'undo' ? 'Undone' : 'Redone'}: ${step.label}`)
      view.reload()
    },
    [steps, toast, view],
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
              onDrop={drop}
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
          />
        )}
      </section>
    </DndProvider>
  )
}

function targetKey(target: DropTarget): string {
  switch (target.kind) {
    case 'company':
      return 'company'
    case 'employee':
      return `employee:${target.employeeId}`
    default:
      return `${target.kind}:${target.teamId}`
  }
}

interface DragItem {
  source: DragSource
}

function DropZone({
  target,
  flash,
  onDrop,
  className,
  testId,
  children,
}: {
  target: DropTarget
  flash: string | null
  onDrop: (source: DragSource, target: DropTarget) => void
  className: string
  testId?: string
  children: ReactNode
}) {
  const [{ over }, dropRef] = useDrop<DragItem, { handled: true } | undefined, { over: boolean }>(
    () => ({
      accept: CARD,
      drop: (item, monitor) => {
        // The innermost zone takes the drop (a member card inside the members area).
        if (monitor.didDrop()) return undefined
        onDrop(item.source, target)
        return { handled: true }
      },
      collect: (monitor) => ({ over: monitor.isOver({ shallow: true }) }),
    }),
    [target, onDrop],
  )
  const key = targetKey(target)
  return (
    <div
      ref={(node) => {
        dropRef(node)
      }}
      className={`${className}${over ? ' org-drop--over' : ''}${flash === key ? ' org-drop--done' : ''}`}
      data-testid={testId}
      data-drop={key}
    >
      {children}
    </div>
  )
}

function EmployeeCard({
  card,
  asManager,
  onMove,
}: {
  card: OrgCard
  asManager: boolean
  onMove: (card: OrgCard, asManager: boolean) => void
}) {
  const [{ dragging }, dragRef] = useDrag<DragItem, unknown, { dragging: boolean }>(
    () => ({
      type: CARD,
      item: { source: { employeeId: card.id, asManager } },
      collect: (monitor) => ({ dragging: monitor.isDragging() }),
    }),
    [card.id, asManager],
  )
  return (
    <article
      ref={(node) => {
        dragRef(node)
      }}
      className={`org-card${dragging ? ' org-card--dragging' : ''}`}
      data-testid="org-card"
      data-employee-id={card.id}
      aria-label={`${card.name}, ${formatMoneyInThousands(card.salary)}`}
    >
      <span className="avatar" aria-hidden="true">
        {card.initials}
      </span>
      <span className="org-card__name" title={card.name}>
        {card.name}
      </span>
      <span className="org-card__salary">{formatMoneyInThousands(card.salary)}</span>
      <button
        type="button"
        className="org-card__move"
        onClick={() => onMove(card, asManager)}
        aria-label={`Move ${card.name}…`}
        data-testid="org-move"
      >
        Move…
      </button>
    </article>
  )
}

function TeamCard({
  team,
  flash,
  onOpen,
  onDrop,
  onMove,
}: {
  team: OrgTeamCard
  flash: string | null
  onOpen: () => void
  onDrop: (source: DragSource, target: DropTarget) => void
  onMove: (card: OrgCard, asManager: boolean) => void
}) {
  // Wider for heavier teams: max(budget or recommended budget, 100000), on a square-root scale.
  const span = Math.min(3, Math.max(1, Math.sqrt(team.weight / 100_000_00)))
  return (
    <DropZone
      target={{ kind: 'team', teamId: team.id }}
      flash={flash}
      onDrop={onDrop}
      className="org-team"
      testId="org-team"
    >
      <div
        className="org-team__inner"
        style={{ width: `${Math.round(200 * span)}px` }}
        data-team-id={team.id}
      >
        <button type="button" className="org-team__name link-button" onClick={onOpen}>
          {team.name}
        </button>
        <span className="muted">
          {team.headcount.toLocaleString('en-US')} employees
          {team.subTeamCount > 0 && ` · ${team.subTeamCount} sub-teams`}
        </span>
        <DropZone
          target={{ kind: 'managerSlot', teamId: team.id }}
          flash={flash}
          onDrop={onDrop}
          className="org-slot"
          testId="org-team-manager"
        >
          {team.manager ? (
            <EmployeeCard card={team.manager} asManager onMove={onMove} />
          ) : (
            <span className="muted">No manager</span>
          )}
        </DropZone>
      </div>
    </DropZone>
  )
}
