import { useEffect, useRef, useState } from 'react'
import type { PlannerStatusCard, PlannerStatusNode } from '../../../src-shared/contract'
import { refreshSubmissions } from '../../app/data-thunks'
import { useAppDispatch } from '../../app/hooks'
import { LoadingSkeleton } from '../../components/skeleton/LoadingSkeleton'
import { useSyncApplied } from '../../app/use-sync-applied'
import { useChannel } from '../hyperbalance/use-budget-level'
import { CARD_GRID_HEIGHT, cardLayout, RESIZE_DEBOUNCE_MS, type CardLayout } from './card-layout'
import { EditSubmissionDialog } from './EditSubmissionDialog'
import { SubmitPlanDialog, type SubmitMode } from './SubmitPlanDialog'
import { useTeamSearch } from './use-team-search'
import './planner-status.css'

/** Levels of cards below the team shown; deeper teams open on demand. */
export const STATUS_DEPTH = 2

type Dialog = { kind: 'submit'; mode: SubmitMode } | { kind: 'edit'; card: PlannerStatusCard } | null

/**
 * Planner Status (/plannerstatus): a tree of team cards from the viewer's root (their planned teams,
 * or the company's top teams for an admin role), two levels at a time; each card's width follows the
 * size of its team, and what it shows follows its width (`card-layout.ts`).
 */
export default function PlannerStatusPage() {
  const [teamId, setTeamId] = useState<number | null>(null)
  const [dialog, setDialog] = useState<Dialog>(null)
  const dispatch = useAppDispatch()
  const tree = useChannel('plannerStatus.tree', { teamId, depth: STATUS_DEPTH })
  // Others' submissions and send-backs, and their planners' edits, arrive while the page is open.
  useSyncApplied(() => tree.reload())
  const data = tree.value

  const close = (changed: boolean) => {
    setDialog(null)
    if (changed) {
      tree.reload()
      // Submissions lock and unlock rows: the views showing them ask again (not the company's lists).
      void dispatch(refreshSubmissions())
    }
  }
  const actions: CardActions = {
    open: setTeamId,
    submit: () => setDialog({ kind: 'submit', mode: { kind: 'own' } }),
    force: (card) =>
      card.forceType &&
      card.plannerId !== null &&
      setDialog({
        kind: 'submit',
        mode: {
          kind: 'force',
          type: card.forceType,
          plannerId: card.plannerId,
          plannerName: card.plannerName ?? card.name,
        },
      }),
    edit: (card) => setDialog({ kind: 'edit', card }),
  }

  const parent = data?.trail[data.trail.length - 1] ?? null
  return (
    <div className="page planner-status" data-testid="planner-status">
      <header className="page__header planner-status__header">
        <h1>Planner Status</h1>
        <TeamFinder onPick={setTeamId} />
      </header>
      {data && (data.root || parent) && (
        <nav className="planner-status__back" aria-label="Team levels">
          {parent && (
            <button type="button" className="button" onClick={() => setTeamId(parent.id)}>
              Back to {parent.name}
            </button>
          )}
          {data.root && (
            <button type="button" className="button" onClick={() => setTeamId(null)}>
              Back to the top
            </button>
          )}
        </nav>
      )}
      {!data ? (
        tree.state === 'failed' ? (
          <p role="alert">{tree.message}</p>
        ) : (
          <LoadingSkeleton label="Loading planner status…" />
        )
      ) : (
        <div className="status-tree" aria-busy={tree.state === 'loading'}>
          {(data.root ? [data.root] : data.tops).map((node) => (
            <StatusBranch key={node.id} node={node} actions={actions} />
          ))}
          {!data.root && data.tops.length === 0 && (
            <p className="muted">You do not plan a team in this pay cycle.</p>
          )}
        </div>
      )}
      {dialog?.kind === 'submit' && <SubmitPlanDialog mode={dialog.mode} onClose={close} />}
      {dialog?.kind === 'edit' && <EditSubmissionDialog card={dialog.card} onClose={close} />}
    </div>
  )
}

interface CardActions {
  open: (teamId: number) => void
  submit: () => void
  force: (card: PlannerStatusCard) => void
  edit: (card: PlannerStatusCard) => void
}

/** A card, and below it its sub-teams side by side, each as wide as its share of the headcount. */
function StatusBranch({ node, actions }: { node: PlannerStatusNode; actions: CardActions }) {
  const total = node.children.reduce((sum, child) => sum + Math.max(child.headcount, 1), 0)
  return (
    <div className="status-branch">
      <StatusCard card={node} hidden={node.hiddenChildren} actions={actions} />
      {node.children.length > 0 && (
        <div className="status-branch__children">
          {node.children.map((child) => (
            <div
              key={child.id}
              className="status-branch__child"
              style={{ flexGrow: Math.max(child.headcount, 1) / total }}
            >
              <StatusBranch node={child} actions={actions} />
            </div>
          ))}
        </div>
      )}
    </div>
  )
}

/** Tracks an element's width, debounced (§9: 200 ms), and the layout it gives with hysteresis. */
function useCardLayout(): [React.RefObject<HTMLElement | null>, CardLayout] {
  const ref = useRef<HTMLElement | null>(null)
  const [layout, setLayout] = useState<CardLayout>(() => cardLayout(300))
  useEffect(() => {
    const element = ref.current
    if (!element) return
    let timer: number | undefined
    const measure = () => setLayout((previous) => cardLayout(element.getBoundingClientRect().width, previous))
    measure()
    const observer = new ResizeObserver(() => {
      window.clearTimeout(timer)
      timer = window.setTimeout(measure, RESIZE_DEBOUNCE_MS)
    })
    observer.observe(element)
    return () => {
      observer.disconnect()
      window.clearTimeout(timer)
    }
  }, [])
  return [ref, layout]
}

/** A team nobody holds (no manager, or one outside this pay cycle) is passed over (docs/decisions.md). */
const NO_PLANNER_HINT =
  'No manager holds this team in this pay cycle: nobody submits for it, and its rows wait for the planner above.'

function StatusCard({
  card,
  hidden,
  actions,
}: {
  card: PlannerStatusCard
  hidden: number
  actions: CardActions
}) {
  const [ref, layout] = useCardLayout()
  const done = card.submission !== null
  const progress = card.subPlanners === 0 ? (done ? 1 : 0) : card.submittedSubPlanners / card.subPlanners
  const fill = done ? 1 : progress
  const when = card.submission ? new Date(card.submission.updatedAt) : null
  const label = `${card.name}: ${card.plannerId === null ? 'no planner' : done ? 'submitted' : 'not submitted'}, ${card.submittedSubPlanners} of ${card.subPlanners} sub-planners submitted`
  return (
    <article
      ref={ref}
      className={`status-card${done ? ' status-card--done' : ''}${layout.compact ? ' status-card--compact' : ''}`}
      style={{ height: CARD_GRID_HEIGHT }}
      data-testid="status-card"
      data-team-id={card.id}
      data-submitted={done}
      aria-label={label}
      title={layout.details ? undefined : label}
    >
      <span
        className="status-card__fill"
        style={{ width: `${Math.round(fill * 100)}%` }}
        aria-hidden="true"
      />
      {!layout.compact && (
        <div className="status-card__body">
          <button
            type="button"
            className="status-card__name link-button"
            onClick={() => actions.open(card.id)}
          >
            {card.name}
          </button>
          {layout.details && (
            <>
              {card.plannerName !== null ? (
                <span className="status-card__planner">{card.plannerName}</span>
              ) : (
                <span
                  className="status-card__planner muted"
                  title={NO_PLANNER_HINT}
                  data-testid="status-no-planner"
                >
                  No planner
                </span>
              )}
              <span className="status-card__progress" data-testid="status-progress">
                {card.submittedSubPlanners}/{card.subPlanners} sub-planners
              </span>
              {card.submission && (
                <span className="status-card__submitted" data-testid="status-submitted">
                  {card.submission.type === 'PLANNER' ? 'Submitted' : `Submitted (${card.submission.type})`}
                  {layout.date && when && ` ${when.toLocaleDateString('en-US')}`}
                  {layout.time &&
                    when &&
                    ` ${when.toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit' })}`}
                </span>
              )}
              {layout.textDetails && card.submission && (
                <span className="status-card__comments muted">“{card.submission.comments}”</span>
              )}
            </>
          )}
          <span className="status-card__actions">
            {card.canSubmit && (
              <button
                type="button"
                className="button button--primary"
                onClick={actions.submit}
                data-testid="status-submit"
              >
                Submit
              </button>
            )}
            {card.forceType && layout.forceButton && (
              <button
                type="button"
                className="button"
                onClick={() => actions.force(card)}
                aria-label={`Force Submit for ${card.plannerName ?? card.name}`}
                title="Force Submit"
                data-testid="force-submit"
              >
                {layout.forceLabel ? 'Force Submit' : <ForceIcon />}
              </button>
            )}
            {card.canEdit && (
              <button
                type="button"
                className="button"
                onClick={() => actions.edit(card)}
                aria-label={`Edit the submission of ${card.plannerName ?? card.name}`}
                title="Edit submission"
                data-testid="edit-submission"
              >
                <PencilIcon />
              </button>
            )}
            {hidden > 0 && layout.details && (
              <button
                type="button"
                className="button"
                onClick={() => actions.open(card.id)}
                data-testid="status-more"
              >
                {hidden} more ▸
              </button>
            )}
          </span>
        </div>
      )}
    </article>
  )
}

/** Find a team by its name or its planner's name, and show it. */
function TeamFinder({ onPick }: { onPick: (teamId: number) => void }) {
  const [text, setText] = useState('')
  const found = useTeamSearch(text)
  return (
    <div className="team-finder">
      <input
        type="search"
        className="team-finder__input"
        placeholder="Find a team or planner"
        aria-label="Find a team or planner"
        value={text}
        onChange={(event) => setText(event.target.value)}
        data-testid="status-find"
      />
      {found.length > 0 && (
        <ul className="team-finder__results" role="listbox" aria-label="Teams found">
          {found.map((team) => (
            <li key={team.id} role="option" aria-selected={false}>
              <button
                type="button"
                onClick={() => {
                  onPick(team.id)
                  setText('')
                }}
              >
                <strong>{team.name}</strong>
                <span className="muted"> {[...team.path, team.name].join(' › ')}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}

function ForceIcon() {
  return (
    <svg width="14" height="14" viewBox="0 0 16 16" aria-hidden="true">
      <path d="M9 1 3 9h4l-1 6 6-8H8l1-6z" fill="currentColor" />
    </svg>
  )
}

function PencilIcon() {
  return (
    <svg width="14" height="14" viewBox="0 0 16 16" aria-hidden="true">
      <path
        d="M11.5 1.5 14.5 4.5 5 14H2v-3l9.5-9.5zM10 3l3 3"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.5"
      />
    </svg>
  )
}
