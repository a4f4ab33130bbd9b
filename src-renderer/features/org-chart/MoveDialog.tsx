import { useEffect, useRef, useState } from 'react'
import type { OrgCard } from '../../../src-shared/contract'
import type { DropTarget } from '../../../src-shared/domain/org-chart'
import { invoke } from '../../app/client'
import { Modal } from '../../components/dialog/Modal'

type Found = { id: number; name: string; plannerName: string | null; path: string[] }

/**
 * The keyboard way to do what a drag does: find a team by name, then move the employee into it,
 * make them its manager, or move them to the company root.
 */
export function MoveDialog({
  card,
  asManager,
  onMove,
  onClose,
}: {
  card: OrgCard
  asManager: boolean
  onMove: (target: DropTarget) => void
  onClose: () => void
}) {
  const [text, setText] = useState('')
  const [found, setFound] = useState<Found[]>([])
  const latest = useRef(0)
  useEffect(() => {
    const request = ++latest.current
    const timer = window.setTimeout(() => {
      if (text.trim() === '') return setFound([])
      void invoke('plannerStatus.find', { text }).then((result) => {
        if (request === latest.current) setFound(result.ok ? result.value : [])
      })
    }, 200)
    return () => window.clearTimeout(timer)
  }, [text])
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
                onClick={() => onMove({ kind: 'managerSlot', teamId: team.id })}
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
