import { useState, type FormEvent } from 'react'
import {
  addUserRoleOptions,
  validateAddUser,
  type AddUserErrors,
} from '../../../src-shared/domain/admin-rules'
import { textRefusal } from '../../../src-shared/domain/free-text'
import { ROLE_DISPLAY_NAMES, type RoleName } from '../../../src-shared/domain/roles'
import { Modal } from '../../components/dialog/Modal'

export interface AddUserForm {
  email: string
  role: RoleName
  name: string
}

interface Props {
  actorRole: RoleName
  onSubmit: (form: AddUserForm) => Promise<boolean>
  onCancel: () => void
}

/**
 * AddUser (spec §5) for a user who is no employee: email and role required; roles per
 * addUserRoleOptions (an employee's user is created on their row, where the manager rule applies).
 */
export function AddUserDialog({ actorRole, onSubmit, onCancel }: Props) {
  const [email, setEmail] = useState('')
  const [role, setRole] = useState<string>('')
  const [name, setName] = useState('')
  const [touched, setTouched] = useState<{ email?: boolean; role?: boolean }>({})
  const [busy, setBusy] = useState(false)
  const roles = addUserRoleOptions(actorRole, false)
  const errors: AddUserErrors = validateAddUser({ email, role })
  const unstorableName = textRefusal('Name', name)

  async function submit(event?: FormEvent) {
    event?.preventDefault()
    setTouched({ email: true, role: true })
    if (errors.email || errors.role || unstorableName !== null || busy) return
    setBusy(true)
    const done = await onSubmit({ email, role: role as RoleName, name })
    setBusy(false)
    if (done) onCancel()
  }

  return (
    <Modal
      title="Add User"
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
            onClick={() => void submit()}
            disabled={busy}
            data-testid="add-user-submit"
          >
            Create User
          </button>
        </>
      }
    >
      <form
        className="users__form"
        noValidate
        onSubmit={(event) => void submit(event)}
        data-testid="add-user-form"
      >
        <label>
          Email
          <input
            type="email"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            onBlur={() => setTouched((t) => ({ ...t, email: true }))}
            aria-invalid={Boolean(touched.email && errors.email)}
            data-testid="add-user-email"
            data-autofocus
          />
        </label>
        {touched.email && errors.email && (
          <p className="users__error" role="alert">
            {errors.email}
          </p>
        )}
        <label>
          <span>
            Name <span className="muted">(optional)</span>
          </span>
          <input
            value={name}
            onChange={(event) => setName(event.target.value)}
            aria-invalid={unstorableName !== null}
            data-testid="add-user-name"
          />
        </label>
        {unstorableName !== null && (
          <p className="users__error" role="alert">
            {unstorableName}
          </p>
        )}
        <label>
          Role
          <select
            value={role}
            onChange={(event) => setRole(event.target.value)}
            onBlur={() => setTouched((t) => ({ ...t, role: true }))}
            aria-invalid={Boolean(touched.role && errors.role)}
            data-testid="add-user-role"
          >
            <option value="">Choose a role</option>
            {roles.map((r) => (
              <option key={r} value={r}>
                {ROLE_DISPLAY_NAMES[r]}
              </option>
            ))}
          </select>
        </label>
        {touched.role && errors.role && (
          <p className="users__error" role="alert">
            {errors.role}
          </p>
        )}
        <button type="submit" hidden />
      </form>
    </Modal>
  )
}
