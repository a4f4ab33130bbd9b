import { useEffect, useState } from 'react'
import type { ManagersPreview } from '../../../src-shared/contract'
import { call } from '../../app/client'
import { Modal } from '../../components/dialog/Modal'

type ManagersRole = ManagersPreview['role']

interface Props {
  onCreate: (role: ManagersRole) => Promise<boolean>
  onCancel: () => void
}

/**
 * 'Create users for all managers': how a real (imported) company gets its planners. A preview of who
 * gets a user, as PLANNER or MANAGER, and who is left out and why; one undoable step.
 */
export function ManagersDialog({ onCreate, onCancel }: Props) {
  const [role, setRole] = useState<ManagersRole>('PLANNER')
  const [preview, setPreview] = useState<ManagersPreview | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)

  useEffect(() => {
    let current = true
    setPreview(null)
    call('users.managersPreview', { role }).then(
      (answer) => current && setPreview(answer),
      (caught: unknown) => current && setError(caught instanceof Error ? caught.message : String(caught)),
    )
    return () => {
      current = false
    }
  }, [role])

  async function create() {
    setBusy(true)
    const done = await onCreate(role)
    setBusy(false)
    if (done) onCancel()
  }

  return (
    <Modal
      title="Create users for all managers"
      closing={false}
      onDismiss={onCancel}
      footer={
        <>
          <button type="button" className="button" onClick={onCancel}>
            Cancel
          </button>
          <button
            type="button"
            className="button button--primary"
            disabled={busy || !preview || preview.toCreate === 0}
            onClick={() => void create()}
            data-testid="managers-create"
          >
            {preview ? `Create ${preview.toCreate.toLocaleString('en-US')} users` : 'Create users'}
          </button>
        </>
      }
    >
      <div className="users__form" data-testid="managers-dialog">
        <p className="muted">
          An import creates no users. Every employee who manages a team can get a user here, with their email.
        </p>
        <label>
          Role
          <select
            value={role}
            onChange={(event) => setRole(event.target.value as ManagersRole)}
            data-testid="managers-role"
          >
            <option value="PLANNER">Planner: plans their teams and submits</option>
            <option value="MANAGER">Manager: sees and plans their teams</option>
          </select>
        </label>
        {error && <p role="alert">{error}</p>}
        {!preview && !error && <p className="muted">Finding the managers…</p>}
        {preview && (
          <>
            <ul className="users__preview-counts" data-testid="managers-preview">
              <li>
                <strong>{preview.toCreate.toLocaleString('en-US')}</strong> managers will get a {role} user.
              </li>
              {preview.alreadyUsers > 0 && (
                <li>{preview.alreadyUsers.toLocaleString('en-US')} already have a user (unchanged).</li>
              )}
              {preview.withoutEmail > 0 && (
                <li>
                  {preview.withoutEmail.toLocaleString('en-US')} have no email: add one on their row first.
                </li>
              )}
              {preview.emailTaken > 0 && (
                <li>{preview.emailTaken.toLocaleString('en-US')} have an email another user already has.</li>
              )}
            </ul>
            {preview.sample.length > 0 && (
              <table className="users__preview">
                <thead>
                  <tr>
                    <th>Name</th>
                    <th>Employee Id</th>
                    <th>Email</th>
                  </tr>
                </thead>
                <tbody>
                  {preview.sample.map((m) => (
                    <tr key={m.employeeId}>
                      <td>{m.name}</td>
                      <td>{m.companyEmployeeId}</td>
                      <td>{m.email}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
            {preview.toCreate > preview.sample.length && (
              <p className="muted">
                and {(preview.toCreate - preview.sample.length).toLocaleString('en-US')} more.
              </p>
            )}
          </>
        )}
      </div>
    </Modal>
  )
}
