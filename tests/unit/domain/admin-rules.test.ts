import {
  addRatingRow,
  addUserRoleOptions,
  canChangeRole,
  canForceSubmit,
  canManageUserRole,
  canRemoveRatingRow,
  canViewAs,
  grantableRoles,
  manageableRoles,
  inviteAction,
  inviteStatusRank,
  LAST_RATING_COMPARISON,
  normalizeRatings,
  removeRatingRow,
  setRatingMax,
  submissionTypeFor,
  validateAddUser,
  viewAsCandidates,
  viewAsRedirect,
  type ForceSubmitInput,
} from '../../../src-shared/domain/admin-rules'
import { ROLES } from '../../../src-shared/domain/roles'

describe('force submit', () => {
  const base: ForceSubmitInput = {
    widthSufficient: true,
    managerId: 20,
    managerSubmitted: false,
    currentEmployeeId: 10,
    role: 'PLANNER',
    settings: { plannerViolations: { subPlannerNotSubmitted: 'warning' } },
  }

  it('appears when every condition holds', () => {
    expect(canForceSubmit(base)).toBe(true)
  })

  it('not when too narrow, no manager, already submitted, or the user is that manager', () => {
    expect(canForceSubmit({ ...base, widthSufficient: false })).toBe(false)
    expect(canForceSubmit({ ...base, managerId: null })).toBe(false)
    expect(canForceSubmit({ ...base, managerSubmitted: true })).toBe(false)
    expect(canForceSubmit({ ...base, currentEmployeeId: 20 })).toBe(false)
  })

  it('subPlannerNotSubmitted at error blocks planners but not admin roles', () => {
    const strict = { plannerViolations: { subPlannerNotSubmitted: 'error' as const } }
    expect(canForceSubmit({ ...base, settings: strict })).toBe(false)
    for (const role of ['ADMIN', 'OWNER', 'SUPER_USER'] as const) {
      expect(canForceSubmit({ ...base, settings: strict, role })).toBe(true)
    }
    expect(canForceSubmit({ ...base, settings: { plannerViolations: {} } })).toBe(true)
  })

  it('admin roles submit as HR, other planners as FORCE, one’s own as PLANNER', () => {
    expect(submissionTypeFor('ADMIN', true)).toBe('HR')
    expect(submissionTypeFor('OWNER', true)).toBe('HR')
    expect(submissionTypeFor('SUPER_USER', true)).toBe('HR')
    expect(submissionTypeFor('PLANNER', true)).toBe('FORCE')
    expect(submissionTypeFor('MANAGER', true)).toBe('FORCE')
    expect(submissionTypeFor('ADMIN', false)).toBe('PLANNER')
  })
})

describe('role management', () => {
  const me = (role: (typeof ROLES)[number], userId = 1) => ({ userId, role })

  it('a SUPER_USER may manage any role; an OWNER anyone but a super user', () => {
    for (const role of ROLES) expect(canManageUserRole(me('SUPER_USER'), me(role, 2))).toBe(true)
    for (const role of ROLES) expect(canManageUserRole(me('OWNER'), me(role, 2))).toBe(role !== 'SUPER_USER')
    expect(canChangeRole(me('OWNER'), me('ADMIN', 2), 'SUPER_USER')).toBe(false)
    expect(canChangeRole(me('OWNER'), me('ADMIN', 2), 'PLANNER')).toBe(true)
  })

  it('SUPER_USER is granted by no role: it is made on the server only', () => {
    for (const role of ROLES) expect(grantableRoles(role)).not.toContain('SUPER_USER')
    expect(manageableRoles('SUPER_USER')).toContain('SUPER_USER')
    expect(canChangeRole(me('SUPER_USER'), me('ADMIN', 2), 'SUPER_USER')).toBe(false)
    expect(canChangeRole(me('SUPER_USER'), me('SUPER_USER', 2), 'ADMIN')).toBe(true)
  })

  it('users cannot change their own role', () => {
    expect(canManageUserRole(me('SUPER_USER'), me('SUPER_USER'))).toBe(false)
    expect(canChangeRole(me('OWNER'), me('OWNER'), 'ADMIN')).toBe(false)
  })

  it('ADMIN grants the roles below admin; other roles grant none', () => {
    expect(grantableRoles('ADMIN')).toEqual(['PLANNER', 'COMM_MANAGER', 'MANAGER', 'EMPLOYEE'])
    expect(canManageUserRole(me('ADMIN'), me('OWNER', 2))).toBe(false)
    for (const role of ['PLANNER', 'COMM_MANAGER', 'MANAGER', 'EMPLOYEE'] as const) {
      expect(grantableRoles(role)).toEqual([])
    }
  })
})

describe('Add User', () => {
  it('offers grantable roles without PLANNER, MANAGER or EMPLOYEE for a non-manager', () => {
    expect(addUserRoleOptions('SUPER_USER', false)).toEqual(['OWNER', 'ADMIN'])
    expect(addUserRoleOptions('OWNER', false)).toEqual(['OWNER', 'ADMIN'])
    expect(addUserRoleOptions('ADMIN', false)).toEqual([])
  })

  it('offers PLANNER and COMM_MANAGER only for managers', () => {
    expect(addUserRoleOptions('OWNER', true)).toEqual(['OWNER', 'ADMIN', 'PLANNER', 'COMM_MANAGER'])
    expect(addUserRoleOptions('ADMIN', true)).toEqual(['PLANNER', 'COMM_MANAGER'])
    expect(addUserRoleOptions('PLANNER', true)).toEqual([])
    for (const role of ROLES) {
      for (const manager of [true, false]) {
        expect(addUserRoleOptions(role, manager)).not.toContain('MANAGER')
        expect(addUserRoleOptions(role, manager)).not.toContain('EMPLOYEE')
      }
    }
  })

  it("'Email is required.' and 'Role is required.'", () => {
    expect(validateAddUser({ email: ' ', role: null })).toEqual({
      email: 'Email is required.',
      role: 'Role is required.',
    })
    expect(validateAddUser({ email: 'a@b.co', role: 3 })).toEqual({})
    expect(validateAddUser({ email: null, role: 'ADMIN' })).toEqual({ email: 'Email is required.' })
    expect(validateAddUser({ email: 'a@b.co', role: '' })).toEqual({ role: 'Role is required.' })
  })
})

describe('invites', () => {
  it('ranks -2 no user and no email, -1 email only, 0 not invited, 1 invited, 2 accepted', () => {
    expect(inviteStatusRank(null, null)).toBe(-2)
    expect(inviteStatusRank('', undefined)).toBe(-2)
    expect(inviteStatusRank('   ', null)).toBe(-2) // spaces are no email
    expect(inviteStatusRank('a@b.co', null)).toBe(-1)
    expect(inviteStatusRank('a@b.co', { invited: false, inviteAccepted: false })).toBe(0)
    expect(inviteStatusRank('a@b.co', { invited: true, inviteAccepted: false })).toBe(1)
    expect(inviteStatusRank('a@b.co', { invited: true, inviteAccepted: true })).toBe(2)
  })

  it('Send Invite, Resend Invite, a checkmark, Create User, or the no-email hint', () => {
    expect(inviteAction(0, true)).toEqual({ kind: 'sendInvite', label: 'Send Invite' })
    expect(inviteAction(1, true)).toEqual({ kind: 'resendInvite', label: 'Resend Invite' })
    expect(inviteAction(2, true)).toEqual({ kind: 'accepted', label: '✓' })
    expect(inviteAction(-1, true)).toEqual({ kind: 'createUser', label: 'Create User' })
    expect(inviteAction(-1, false)).toEqual({ kind: 'none' })
    expect(inviteAction(-2, true)).toEqual({
      kind: 'noEmail',
      label: 'No email provided',
      hint: 'Add email to invite',
    })
  })
})

describe('ratings editor', () => {
  const rows = [
    { label: 'Low', max_rating: 2 },
    { label: 'Mid', max_rating: 3.5 },
    { label: 'High', max_rating: 99 },
  ]

  it("the last row is 'Greater than or Equals' and copies the previous max_rating", () => {
    expect(LAST_RATING_COMPARISON).toBe('Greater than or Equals')
    expect(normalizeRatings(rows)[2]).toEqual({ label: 'High', max_rating: 3.5 })
    expect(setRatingMax(rows, 1, 4)[2].max_rating).toBe(4)
    // only the row set changes (and the last row, which follows it)
    expect(setRatingMax(rows, 1, 4).map((r) => r.max_rating)).toEqual([2, 4, 4])
    expect(setRatingMax(rows, 0, 1).map((r) => r.max_rating)).toEqual([1, 3.5, 3.5])
  })

  it('only the second-to-last row can be removed', () => {
    expect([0, 1, 2].map((i) => canRemoveRatingRow(i, 3))).toEqual([false, true, false])
    expect(canRemoveRatingRow(0, 2)).toBe(false)
    expect(removeRatingRow(rows, 1)).toEqual([
      { label: 'Low', max_rating: 2 },
      { label: 'High', max_rating: 2 },
    ])
    expect(removeRatingRow(rows, 0)).toHaveLength(3)
  })

  it('adding a row copies the last max_rating with an empty label', () => {
    const added = addRatingRow(normalizeRatings(rows))
    expect(added).toHaveLength(4)
    expect(added[3]).toEqual({ label: '', max_rating: 3.5 })
    expect(addRatingRow([])).toEqual([{ label: '', max_rating: 0 }])
  })
})

describe('viewing as', () => {
  it('available to OWNER, ADMIN, PLANNER (and SUPER_USER, who has the control)', () => {
    expect(ROLES.filter(canViewAs)).toEqual(['SUPER_USER', 'OWNER', 'ADMIN', 'PLANNER'])
  })

  it('lists employees other than self who have users', () => {
    const people = [{ id: 1 }, { id: 2 }, { id: 3 }]
    expect(viewAsCandidates(people, new Set([1, 2]), 1)).toEqual([{ id: 2 }])
  })

  it('redirects to /plannerdashboard unless on /plannerdashboard, /employeetable or /plannerstatus', () => {
    expect(viewAsRedirect('/users')).toBe('/plannerdashboard')
    expect(viewAsRedirect('/reward-statement/compstatements')).toBe('/plannerdashboard')
    expect(viewAsRedirect('/employeetable')).toBeNull()
    expect(viewAsRedirect('/plannerstatus/')).toBeNull()
    expect(viewAsRedirect('/employeetable//')).toBeNull()
    expect(viewAsRedirect('/plannerdashboard?x=1')).toBeNull()
  })
})
