import { useState } from 'react'
import type { OrgCard } from '../../../src-shared/contract'
import type { DropTarget } from '../../../src-shared/domain/org-chart'
import { useTeamSearch } from '../planner-status/use-team-search'
import { Modal } from '../../components/dialog/Modal'

/**
 * The keyboard way to do what a drag does: find a team by name, then move the employee into it,
 * make them its manager, or move them to the company root.
 */
export function MoveDialog({
  card,
  asManager,
  onMove,
  onMakeManager,
  onClose,
}: {
  card: OrgCard
  asManager: boolean
  onMove: (target: DropTarget) => void
  /** 'Make manager' asks first (the team, its manager now): the view's confirm. */
  onMakeManager: (team: { id: number; name: string; manager: string | null }) => void
  onClose: () => void
}) {
  const [text, setText] = useState('')
  const found = useTeamSearch(text)
  return (
    <Modal
      title={`Move ${card.name}`}
      closing={false}
      onDismiss={onClose}
      footer={
        <>
          <button
            type="button"
            className="button"
            onClick={() => onMove({ kind: 'company' })}
            data-testid="move-company"
          >
            Move to the company root
          </button>
          <button type="button" className="button" onClick={onClose}>
            Cancel
          </button>
        </>
      }
    >
      <label className="form__field">
        <span>Find a team</span>
        <input
          type="text"
          value={text}
          onChange={(event) => setText(event.target.value)}
          placeholder="Team or manager name"
          data-testid="move-find"
          data-autofocus
        />
      </label>
      <ul className="move-list" aria-label="Teams">
        {found.map((team) => (
          <li key={team.id} className="move-list__item">
            <span>
              <strong>{team.name}</strong>
              <span className="muted"> {team.path.join(' › ')}</span>
            </span>
            <span className="move-list__actions">
              {!asManager && (
                <button
                  type="button"
                  className="button"
                  onClick={() => onMove({ kind: 'team', teamId: team.id })}
                  data-testid="move-into"
                >
                  Move into
                </button>
              )}
              <button
                type="button"
                className="button"
                onClick={() => onMakeManager({ id: team.id, name: team.name, manager: team.plannerName })}
                data-testid="move-manager"
              >
                Make manager
              </button>
            </span>
          </li>
        ))}
      </ul>
    </Modal>
  )
}
