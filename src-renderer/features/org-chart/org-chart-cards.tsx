import type { ReactNode } from 'react'
import { useDrag, useDrop } from 'react-dnd'
import type { OrgCard, OrgTeamCard } from '../../../src-shared/contract'
import type { DragSource, DropTarget } from '../../../src-shared/domain/org-chart'
import { formatMoneyInThousands } from '../../../src-shared/domain/money'
import { countOf } from '../../../src-shared/domain/words'
import { MissingRatesNote } from '../../components/missing-rates/MissingRatesNote'

/** The org chart's cards (react-dnd): employees dragged onto teams, manager slots and the company root. */
const CARD = 'org-card'

export function targetKey(target: DropTarget): string {
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
  name: string
}

/** A drop: what was dragged (with the dragged person's name, for a confirm) onto what. */
export type OrgDrop = (source: DragSource, target: DropTarget, name: string) => void

export function DropZone({
  target,
  flash,
  onDrop,
  className,
  testId,
  children,
}: {
  target: DropTarget
  flash: string | null
  onDrop: OrgDrop
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
        onDrop(item.source, target, item.name)
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

export function EmployeeCard({
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
      item: { source: { employeeId: card.id, asManager }, name: card.name },
      collect: (monitor) => ({ dragging: monitor.isDragging() }),
    }),
    [card.id, card.name, asManager],
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

export function TeamCard({
  team,
  defaultCurrency,
  flash,
  onOpen,
  onDrop,
  onMove,
}: {
  team: OrgTeamCard
  defaultCurrency: string
  flash: string | null
  onOpen: () => void
  onDrop: OrgDrop
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
          {countOf(team.headcount, 'employee')}
          {team.subTeamCount > 0 && ` · ${team.subTeamCount} sub-teams`}
        </span>
        <span className="muted" data-testid="org-team-payroll">
          {formatMoneyInThousands(team.eligiblePayroll, defaultCurrency)} eligible payroll
        </span>
        <MissingRatesNote
          missing={team.missingRates}
          figure="this team's eligible payroll"
          defaultCurrency={defaultCurrency}
          testId="org-team-missing-rates"
        />
        {/* Not a drop target of its own: a drop anywhere on the card moves the person into the team;
            making someone its manager is 'Make manager' (Move…) or the open team's manager slot (issue 36). */}
        <div className="org-slot" data-testid="org-team-manager">
          {team.manager ? (
            <EmployeeCard card={team.manager} asManager onMove={onMove} />
          ) : (
            <span className="muted">No manager</span>
          )}
        </div>
      </div>
    </DropZone>
  )
}
