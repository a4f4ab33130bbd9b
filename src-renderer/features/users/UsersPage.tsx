import { useCallback, useState } from 'react'
import type { Invitation, UserRowDto } from '../../../src-shared/contract'
import { ROLE_DISPLAY_NAMES, type RoleName } from '../../../src-shared/domain/roles'
import {
  INVITATION_NOTICE,
  USER_ROW_FILTERS,
  USER_ROW_FILTER_LABELS,
  USERS_PAGE_SIZE,
  type UserRowFilter,
} from '../../../src-shared/domain/user-admin'
import { call } from '../../app/client'
import { useAppDispatch, useAppSelector } from '../../app/hooks'
import { usersChanged } from '../../app/data-slice'
import { useSyncApplied } from '../../app/use-sync-applied'
import { selectRole, selectSessionKey } from '../../app/session-slice'
import { useDialog } from '../../components/dialog'
import { LoadingSkeleton } from '../../components/skeleton/LoadingSkeleton'
import { useToast } from '../../components/toast'
import { Pagination } from '../compensation-table/Pagination'
import { AddUserDialog, type AddUserForm } from './AddUserDialog'
import { InvitationDialog } from './InvitationDialog'
import { ManagersDialog } from './ManagersDialog'
import { UserRow, type RowActions } from './UserRow'
import { UndoRedoButtons } from '../../components/undo/UndoRedoButtons'
import { useUndoSteps } from '../../components/undo/use-undo-steps'
import { useUsersPage } from './use-users-page'
import './users.css'

const message = (error: unknown, fallback: string) => (error instanceof Error ? error.message : fallback)

type Open =
  | { kind: 'none' }
  | { kind: 'addUser' }
  | { kind: 'managers' }
  | { kind: 'invitation'; title: string; invitation: Invitation }

/**
 * Users (/users): employees and users, 25 a page, searched and filtered in the main process; email,
 * role, Create User, invites (recorded, handed out as text), delete, undo.
 */
export default function UsersPage() {
  const role = useAppSelector(selectRole) ?? 'EMPLOYEE'
  const toast = useToast()
  const dialog = useDialog()
  const list = useUsersPage()
  const { reload } = list
  const dispatch = useAppDispatch()
  // Users changed on the company server reach this replica: the page shown follows.
  useSyncApplied((applied) => applied.usersChanged && void reload())
  /** The page, and the users the rest of the app holds ('View as' lists employees with users). */
  const refresh = useCallback(() => {
    void reload()
    call('users.list', {}).then(
      (users) => dispatch(usersChanged(users)),
      () => undefined,
    )
  }, [reload, dispatch])
  const sessionKey = useAppSelector(selectSessionKey)
  const steps = useUndoSteps(refresh, { keepAs: `users:${sessionKey ?? ''}` })
  const [open, setOpen] = useState<Open>({ kind: 'none' })
  /** Spec §8: a failed Create User is recorded on the employee's row (keyed CreateUser). */
  const [rowErrors, setRowErrors] = useState<Record<string, { CreateUser?: string }>>({})

  /** Creates a user; the step's undo deletes it, redo creates it again (a new id each time). */
  async function create(
    form: { email: string; role: RoleName; employeeId: number | null; name?: string },
    forName: string,
    rowKey: string | null = null,
  ) {
    const recordError = (error: string | undefined) =>
      rowKey && setRowErrors((all) => ({ ...all, [rowKey]: { ...all[rowKey], CreateUser: error } }))
    try {
      const created = await call('users.create', form)
      toast.success(created.message)
      recordError(undefined)
      let id = created.user.id
      steps.record({
        label: `create ${created.user.email}`,
        undo: async () => void (await call('users.remove', { userIds: [id] })),
        redo: async () => {
          id = (await call('users.create', form)).user.id
        },
      })
      refresh()
      return true
    } catch (error) {
      const text = `Error creating ${form.email || forName}: ${message(error, 'Unknown error')}`
      toast.error(text)
      recordError(text)
      refresh()
      return false
    }
  }

  async function showInvite(row: UserRowDto) {
    if (!row.user) return
    try {
      const result = await call('users.invite', { userId: row.user.id })
      // "Invite sent" only once mail was accepted; a local workbook says it cannot send mail.
      if (result.mailed) toast.success(result.message)
      else toast.info(result.message)
      setOpen({
        kind: 'invitation',
        title: `Invitation for ${result.user.email}`,
        invitation: result.invitation,
      })
    } catch (error) {
      toast.error(`Error: Failed to ${row.user.invited ? 'resend' : 'send'} invite to ${row.user.email}`)
      toast.error(message(error, 'Unknown error'))
    }
    refresh()
  }

  const actions: RowActions = {
    async saveEmail(row, email) {
      if (row.employeeId === null) return false
      const employeeId = row.employeeId
      try {
        const result = await call('employees.update', { employeeId, changes: { email } })
        toast.success(result.message)
        const before = result.before
        steps.record({
          label: `email of ${row.name}`,
          undo: async () => void (await call('employees.update', { employeeId, changes: before })),
          redo: async () => void (await call('employees.update', { employeeId, changes: { email } })),
        })
        refresh()
        return true
      } catch (error) {
        toast.error(message(error, 'Unknown error'))
        return false
      }
    },
    async createUser(row, newRole) {
      await create({ email: row.email ?? '', role: newRole, employeeId: row.employeeId }, row.name, row.key)
    },
    async setRole(row, newRole) {
      const user = row.user
      if (!user) return
      try {
        const result = await call('users.setRole', { userId: user.id, role: newRole })
        toast.success(result.message)
        steps.record({
          label: `role of ${user.email}`,
          undo: async () => void (await call('users.setRole', { userId: user.id, role: user.role })),
          redo: async () => void (await call('users.setRole', { userId: user.id, role: newRole })),
        })
      } catch (error) {
        toast.error(`Error: ${message(error, 'Unknown Error')}`)
      }
      refresh()
    },
    invite: showInvite,
    async remove(row) {
      const user = row.user
      if (!user) return
      const confirmed = await dialog.confirm({
        title: 'Delete user?',
        message: `Delete the user ${user.email} (${ROLE_DISPLAY_NAMES[user.role]})? ${row.name} keeps their employee record and history; Undo (Ctrl+Z) brings the user back.`,
        confirmLabel: 'Delete',
        tone: 'danger',
      })
      if (!confirmed) return
      try {
        const result = await call('users.remove', { userIds: [user.id] })
        toast.success(result.message)
        const form = { email: user.email, role: user.role, employeeId: user.employeeId, name: user.name }
        let id = user.id
        steps.record({
          label: `delete ${user.email}`,
          undo: async () => {
            id = (await call('users.create', form)).user.id
          },
          redo: async () => void (await call('users.remove', { userIds: [id] })),
        })
      } catch (error) {
        toast.error(`Error: ${message(error, 'Unknown Error')}`)
      }
      refresh()
    },
  }

  async function inviteAll() {
    try {
      const result = await call('users.inviteAll', {})
      if (result.mailed) toast.success(result.message)
      else toast.info(result.message)
      if (result.invitation)
        setOpen({ kind: 'invitation', title: `${result.count} invitations`, invitation: result.invitation })
    } catch (error) {
      toast.error(`Error: ${message(error, 'Unknown Error')}`)
    }
    refresh()
  }

  async function createForManagers(managersRole: 'PLANNER' | 'MANAGER') {
    try {
      const result = await call('users.createForManagers', { role: managersRole })
      toast.success(result.message)
      let ids = result.created.map((u) => u.id)
      steps.record({
        label: `${result.created.length} ${managersRole} users for managers`,
        undo: async () => void (ids.length > 0 && (await call('users.remove', { userIds: ids }))),
        redo: async () => {
          ids = (await call('users.createForManagers', { role: managersRole })).created.map((u) => u.id)
        },
      })
      refresh()
      return true
    } catch (error) {
      toast.error(`Error: ${message(error, 'Unknown Error')}`)
      return false
    }
  }

  const data = list.data
  const pages = data ? Math.max(1, Math.ceil(data.total / USERS_PAGE_SIZE)) : 0

  return (
    <div className="page users" data-testid="users-page">
      <header className="page__header">
        <h1>Users</h1>
      </header>
      <p className="users__notice muted" data-testid="invitation-notice">
        {INVITATION_NOTICE}
      </p>
      <div className="users__toolbar">
        <input
          type="search"
          className="users__search"
          placeholder="Search name, email, Employee Id, job title or role"
          aria-label="Search users"
          value={list.search}
          onChange={(event) => list.setSearch(event.target.value)}
          data-testid="users-search"
        />
        <select
          aria-label="Show"
          value={list.filter}
          onChange={(event) => list.setFilter(event.target.value as UserRowFilter)}
          data-testid="users-filter"
        >
          {USER_ROW_FILTERS.map((f) => (
            <option key={f} value={f}>
              {USER_ROW_FILTER_LABELS[f]}
            </option>
          ))}
        </select>
        <span className="users__spacer" />
        <UndoRedoButtons steps={steps} testId="users" />
        <button
          type="button"
          className="button"
          onClick={() => setOpen({ kind: 'managers' })}
          data-testid="users-managers"
        >
          Create users for all managers
        </button>
        <button
          type="button"
          className="button"
          onClick={() => void inviteAll()}
          disabled={!data || data.notInvitedCount === 0}
          data-testid="users-invite-all"
        >
          Invite All
          {data && data.notInvitedCount > 0 ? ` (${data.notInvitedCount.toLocaleString('en-US')})` : ''}
        </button>
        <button
          type="button"
          className="button button--primary"
          onClick={() => setOpen({ kind: 'addUser' })}
          data-testid="users-add"
        >
          Add User
        </button>
      </div>
      {list.error && (
        <p role="alert" className="users__error" data-testid="users-error">
          Failed to fetch users: {list.error}
        </p>
      )}
      {!data && list.loading && <LoadingSkeleton label="Loading users…" />}
      {data && (
        <>
          <table className="users__table" aria-busy={list.loading} data-testid="users-table">
            <colgroup>
              <col className="users__col-name" />
              <col className="users__col-email" />
              <col className="users__col-role" />
              <col className="users__col-invite" />
              <col className="users__col-actions" />
            </colgroup>
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Email</th>
                <th scope="col">Role</th>
                <th scope="col">Invite</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {data.rows.map((row) => (
                <UserRow
                  key={row.key}
                  row={row}
                  actorRole={role}
                  actions={actions}
                  createError={rowErrors[row.key]?.CreateUser ?? null}
                />
              ))}
            </tbody>
          </table>
          {data.total === 0 && (
            <p className="muted" data-testid="users-empty">
              No one matches this search.
            </p>
          )}
          <Pagination
            current={list.page}
            total={pages}
            rowCount={data.total}
            pageSize={USERS_PAGE_SIZE}
            onGoTo={list.setPage}
          />
        </>
      )}
      {open.kind === 'addUser' && (
        <AddUserDialog
          actorRole={role}
          onSubmit={(form: AddUserForm) =>
            create({ email: form.email, role: form.role, employeeId: null, name: form.name }, form.email)
          }
          onCancel={() => setOpen({ kind: 'none' })}
        />
      )}
      {open.kind === 'managers' && (
        <ManagersDialog onCreate={createForManagers} onCancel={() => setOpen({ kind: 'none' })} />
      )}
      {open.kind === 'invitation' && (
        <InvitationDialog
          title={open.title}
          invitation={open.invitation}
          onClose={() => setOpen({ kind: 'none' })}
        />
      )}
    </div>
  )
}
