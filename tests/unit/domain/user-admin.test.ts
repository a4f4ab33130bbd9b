import {
  grantRefusal,
  invitationFileName,
  invitationText,
  manageRefusal,
  newUserRefusal,
  OWN_ROLE_REFUSAL,
  publishableUsers,
  roleChangeRefusal,
  skippedUsersNotice,
  SUPER_USER_NOT_GRANTED,
} from '../../../src-shared/domain/user-admin'

const owner = { userId: 1, role: 'OWNER' as const }
const admin = { userId: 2, role: 'ADMIN' as const }
const superUser = { userId: 3, role: 'SUPER_USER' as const }
const planner = { userId: 4, role: 'PLANNER' as const }

describe('role management (spec §6)', () => {
  it('a SUPER_USER may manage any role, a super user included', () => {
    expect(roleChangeRefusal(superUser, owner, 'ADMIN')).toBeNull()
    expect(roleChangeRefusal(superUser, { userId: 9, role: 'SUPER_USER' }, 'ADMIN')).toBeNull()
    expect(manageRefusal(superUser, { userId: 9, role: 'SUPER_USER' }, 'remove')).toBeNull()
  })

  it('nobody grants SUPER_USER through a company door, a super user neither', () => {
    expect(grantRefusal('SUPER_USER', 'SUPER_USER')).toBe(SUPER_USER_NOT_GRANTED)
    expect(roleChangeRefusal(superUser, owner, 'SUPER_USER')).toBe(SUPER_USER_NOT_GRANTED)
    expect(grantRefusal('SUPER_USER', 'OWNER')).toBeNull()
  })

  it('publish keeps the rows the actor may grant and skips the others with the reason', () => {
    const rows = [
      { email: 'support@meritbook.test', role: 'SUPER_USER' },
      { email: 'ada@acme.test', role: 'ADMIN' },
      { email: 'x@acme.test', role: 'WIZARD' },
    ]
    expect(publishableUsers('OWNER', rows)).toEqual({
      kept: [rows[1]],
      skipped: [
        {
          email: 'support@meritbook.test',
          role: 'SUPER_USER',
          reason: 'Your role (OWNER) may not grant SUPER_USER. An OWNER may manage anyone but a super user.',
        },
        { email: 'x@acme.test', role: 'WIZARD', reason: 'WIZARD is not a role.' },
      ],
    })
    expect(publishableUsers('SUPER_USER', rows.slice(0, 1)).skipped[0].reason).toBe(SUPER_USER_NOT_GRANTED)
  })

  it('an OWNER may manage anyone but a super user', () => {
    expect(grantRefusal('OWNER', 'OWNER')).toBeNull()
    expect(roleChangeRefusal(owner, superUser, 'ADMIN')).toBe(
      'Your role (OWNER) may not grant SUPER_USER. An OWNER may manage anyone but a super user.',
    )
    expect(roleChangeRefusal(owner, planner, 'SUPER_USER')).toMatch(/may not grant SUPER_USER/)
  })

  it('the publish notice names each skipped row and why, or is null when none was skipped', () => {
    expect(skippedUsersNotice([])).toBeNull()
    const one = { email: 'su@acme.test', role: 'SUPER_USER', reason: 'No.' }
    expect(skippedUsersNotice([one])).toBe('1 user was not published. su@acme.test (SUPER_USER): No.')
    expect(skippedUsersNotice([one, { ...one, email: 'x@acme.test', role: 'WIZARD' }])).toBe(
      '2 users were not published. su@acme.test (SUPER_USER): No. x@acme.test (WIZARD): No.',
    )
  })

  it(`users cannot change their own role: '${OWN_ROLE_REFUSAL}'`, () => {
    expect(roleChangeRefusal(owner, owner, 'ADMIN')).toBe('Users cannot change their own role.')
    expect(roleChangeRefusal(superUser, superUser, 'OWNER')).toBe('Users cannot change their own role.')
  })

  it('an ADMIN manages only the roles below admin; a PLANNER none', () => {
    expect(roleChangeRefusal(admin, planner, 'MANAGER')).toBeNull()
    expect(roleChangeRefusal(admin, planner, 'ADMIN')).toMatch(/^Your role \(ADMIN\) may not grant ADMIN\./)
    expect(roleChangeRefusal(admin, owner, 'PLANNER')).toMatch(/may not grant OWNER/)
    expect(grantRefusal('PLANNER', 'EMPLOYEE')).toMatch(
      /Only an OWNER, ADMIN or SUPER_USER may manage users\./,
    )
  })

  it('deleting or inviting oneself is refused', () => {
    expect(manageRefusal(admin, admin, 'remove')).toBe('You cannot delete your own user.')
    expect(manageRefusal(admin, admin, 'invite')).toBe('You cannot invite yourself.')
    expect(manageRefusal(owner, admin, 'remove')).toBeNull()
  })
})

describe('new users (spec §5 Add User)', () => {
  it('PLANNER and COMM_MANAGER only for managers; MANAGER too', () => {
    const worker = { name: 'Ann Lee', isManager: false }
    const boss = { name: 'Bo Park', isManager: true }
    expect(newUserRefusal('OWNER', 'PLANNER', worker)).toContain(
      'PLANNER and COMM_MANAGER are offered only for managers',
    )
    expect(newUserRefusal('OWNER', 'COMM_MANAGER', boss)).toBeNull()
    expect(newUserRefusal('OWNER', 'MANAGER', null)).toMatch(/must be an employee who manages a team/)
    expect(newUserRefusal('OWNER', 'EMPLOYEE', null)).toBe('An EMPLOYEE user must be one of the employees.')
    expect(newUserRefusal('OWNER', 'ADMIN', null)).toBeNull()
    expect(newUserRefusal('ADMIN', 'ADMIN', null)).toMatch(/may not grant ADMIN/)
  })
})

describe('the invitation', () => {
  const text = invitationText({
    company: 'Acme',
    workbookFile: 'Acme 2026.paycycle',
    name: 'Ann Lee',
    email: 'ann@acme.test',
    role: 'COMM_MANAGER',
    inviterName: 'Bo Park',
    inviterEmail: 'bo@acme.test',
    at: '2026-11-24T10:00:00.000Z',
  })

  it('names the recipient, the workbook, the role, the inviter and the day', () => {
    expect(text.split('\n').slice(0, 2)).toEqual([
      'To: ann@acme.test',
      "Subject: You are invited to Acme's pay cycle in Meritbook",
    ])
    expect(text).toContain('Bo Park (bo@acme.test) invited you on 2026-11-24')
    expect(text).toContain('as Communications Manager.')
    expect(text).toContain('"Acme 2026.paycycle"')
    expect(text).toContain('--as ann@acme.test')
  })

  it('gives a file name safe on every platform', () => {
    expect(invitationFileName('a/b:c@x.test')).toBe('Invitation for a_b_c@x.test.txt')
  })
})
