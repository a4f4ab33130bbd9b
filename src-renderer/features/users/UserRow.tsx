import { useEffect, useState } from 'react'
import type { UserRowDto } from '../../../src-shared/contract'
import { grantableRoles, inviteAction, manageableRoles } from '../../../src-shared/domain/admin-rules'
import { parseImportEmail } from '../../../src-shared/domain/import-values'
import { ROLE_DISPLAY_NAMES, ROLES, type RoleName } from '../../../src-shared/domain/roles'
import { grantRefusal, newUserRefusal, OWN_ROLE_REFUSAL } from '../../../src-shared/domain/user-admin'

export interface RowActions {
  saveEmail(row: UserRowDto, email: string): Promise<boolean>
  createUser(row: UserRowDto, role: RoleName): Promise<void>
  setRole(row: UserRowDto, role: RoleName): Promise<void>
  invite(row: UserRowDto): Promise<void>
  remove(row: UserRowDto): Promise<void>
}

interface Props {
  row: UserRowDto
  actorRole: RoleName
  actions: RowActions
  /** The last failed Create User on this row, until one succeeds. */
  createError: string | null
}

const INVALID_EMAIL = 'Invalid email format'

/** One employee or user: email, role, invite status and its button, delete. */
export function UserRow({ row, actorRole, actions, createError }: Props) {
  const { user } = row
  const [email, setEmail] = useState(row.email ?? '')
  const [pendingRole, setPendingRole] = useState<RoleName | ''>('')
  const [busy, setBusy] = useState(false)
  useEffect(() => setEmail(row.email ?? ''), [row.email])

  const emailEditable = user === null && row.employeeId !== null
  const emailIssue = email.trim() !== '' && parseImportEmail(email) === null ? INVALID_EMAIL : null
  const action = inviteAction(row.inviteRank, pendingRole !== '')
  const employee = row.employeeId === null ? null : { name: row.name, isManager: row.isManager }
  const newRoles = grantableRoles(actorRole).filter((r) => newUserRefusal(actorRole, r, employee) === null)
  const mayManage = user !== null && !row.isSelf && manageableRoles(actorRole).includes(user.role)

  async function run(work: () => Promise<unknown>) {
    setBusy(true)
    try {
      await work()
    } finally {
      setBusy(false)
    }
  }

  async function commitEmail() {
    if (!emailEditable || emailIssue || email.trim() === (row.email ?? '')) return
    const saved = await actions.saveEmail(row, email.trim())
    if (!saved) setEmail(row.email ?? '')
  }

  return (
    <tr data-testid="users-row" data-key={row.key} data-rank={row.inviteRank}>
      <td>
        <div className="users__name">{row.name}</div>
        <div className="muted users__sub">
          {[row.companyEmployeeId, row.jobTitle, row.isManager ? 'Manager' : null]
            .filter(Boolean)
            .join(' · ') || 'Not an employee'}
        </div>
      </td>
      <td>
        {emailEditable ? (
          <div className="users__email">
            <input
              type="email"
              value={email}
              placeholder="Add email to invite"
              aria-label={`Email of ${row.name}`}
              aria-invalid={emailIssue !== null}
              onChange={(event) => setEmail(event.target.value)}
              onBlur={() => void commitEmail()}
              onKeyDown={(event) => {
                if (event.key === 'Enter') void commitEmail()
                if (event.key === 'Escape') setEmail(row.email ?? '')
              }}
              data-testid="users-email"
            />
            {emailIssue && (
              <span
                className="users__severity"
                role="img"
                aria-label={`error: ${emailIssue}`}
                title={emailIssue}
              >
                ⚠
              </span>
            )}
          </div>
        ) : (
          <span data-testid="users-email-text">{user?.email ?? row.email}</span>
        )}
        {emailIssue && <div className="users__error">{emailIssue}</div>}
      </td>
      <td>
        {user === null ? (
          row.inviteRank === -1 && newRoles.length > 0 ? (
            <select
              value={pendingRole}
              aria-label={`Role for ${row.name}`}
              onChange={(event) => setPendingRole(event.target.value as RoleName | '')}
              data-testid="users-new-role"
            >
              <option value="">Choose a role</option>
              {newRoles.map((r) => (
                <option key={r} value={r}>
                  {ROLE_DISPLAY_NAMES[r]}
                </option>
              ))}
            </select>
          ) : (
            <span className="muted">No user</span>
          )
        ) : mayManage ? (
          <select
            value={user.role}
            aria-label={`Role of ${row.name}`}
            disabled={busy}
            onChange={(event) => void run(() => actions.setRole(row, event.target.value as RoleName))}
            data-testid="users-role"
          >
            {/* A super user managing another sees that one's role too, which no one grants. */}
            {ROLES.filter((r) => r === user.role || grantableRoles(actorRole).includes(r)).map((r) => (
              <option key={r} value={r}>
                {ROLE_DISPLAY_NAMES[r]}
              </option>
            ))}
          </select>
        ) : (
          <span
            data-testid="users-role-text"
            title={row.isSelf ? OWN_ROLE_REFUSAL : (grantRefusal(actorRole, user.role) ?? undefined)}
          >
            {ROLE_DISPLAY_NAMES[user.role]}
            {row.isSelf && <span className="muted"> (you)</span>}
          </span>
        )}
      </td>
      <td data-testid="users-invite">
        {action.kind === 'noEmail' && (
          <span className="users__no-email">
            {action.label}
            <span className="muted users__sub">{action.hint}</span>
          </span>
        )}
        {row.inviteRank === -1 && pendingRole === '' && newRoles.length > 0 && (
          <span className="muted users__sub">Choose a role to create a user</span>
        )}
        {action.kind === 'createUser' && pendingRole !== '' && (
          <button
            type="button"
            className="button button--primary"
            disabled={busy}
            onClick={() =>
              void run(async () => {
                await actions.createUser(row, pendingRole)
                setPendingRole('')
              })
            }
            data-testid="users-create"
          >
            {action.label}
          </button>
        )}
        {(action.kind === 'sendInvite' || action.kind === 'resendInvite') && (
          <button
            type="button"
            className="button"
            disabled={busy || row.isSelf || !mayManage}
            title={row.isSelf ? 'You cannot invite yourself.' : undefined}
            onClick={() => void run(() => actions.invite(row))}
            data-testid="users-send-invite"
          >
            {action.label}
          </button>
        )}
        {createError && row.user === null && (
          <div className="users__error" role="alert" data-testid="users-row-error">
            {createError}
          </div>
        )}
        {action.kind === 'accepted' && (
          <span className="users__accepted" aria-label="Invite accepted" title="Invite accepted">
            {action.label}
          </span>
        )}
        {user?.invitedAt && action.kind === 'resendInvite' && (
          <div className="muted users__sub">Invited {user.invitedAt.slice(0, 10)}</div>
        )}
      </td>
      <td>
        {mayManage && (
          <button
            type="button"
            className="button button--ghost"
            disabled={busy}
            aria-label={`Delete user ${user.email}`}
            onClick={() => void run(() => actions.remove(row))}
            data-testid="users-delete"
          >
            Delete
          </button>
        )}
      </td>
    </tr>
  )
}
