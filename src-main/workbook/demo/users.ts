import { ROLES, type RoleName } from '../../../src-shared/domain/roles'
import type { DemoEmployee, DemoUser, DemoUserSetting } from './model'
import type { Random } from './random'

export interface DemoUsers {
  users: DemoUser[]
  userSettings: DemoUserSetting[]
  sampleUsers: Record<RoleName, string>
  ownerEmail: string
  /** employee id → user id */
  userOfEmployee: Map<number, number>
}

const HR_PLANNERS = 3
const EMPLOYEE_USERS = 5

/**
 * Users for every role. The owner is the CEO, signing in as owner@domain; the head of People is the
 * admin and a few People managers are the HR planners; every other team manager signs in as a
 * MANAGER; a support account is the super user; a handful of employees hold EMPLOYEE users.
 */
export function buildUsers(employees: DemoEmployee[], domain: string, random: Random): DemoUsers {
  const users: DemoUser[] = []
  const userOfEmployee = new Map<number, number>()
  const taken = new Set<number>()

  const add = (role: RoleName, employee: DemoEmployee | null, fallback: { email: string; name: string }) => {
    const roll = random.next()
    const trusted = role === 'OWNER' || role === 'SUPER_USER' || role === 'ADMIN'
    const user: DemoUser = {
      id: users.length + 1,
      email: role === 'OWNER' || !employee?.email ? fallback.email : employee.email,
      name: employee?.name ?? fallback.name,
      preferredName: employee?.preferredName ?? null,
      role,
      employeeId: employee?.id ?? null,
      invited: trusted || roll < 0.85,
      inviteAccepted: trusted || roll < 0.6,
    }
    users.push(user)
    if (employee) {
      userOfEmployee.set(employee.id, user.id)
      taken.add(employee.id)
    }
    return user
  }
  const mailbox = (local: string, name: string) => ({ email: `${local}@${domain}`, name })

  const ceo = employees[0]
  add('OWNER', ceo, mailbox('owner', ceo.name))
  add('SUPER_USER', null, mailbox('superuser', 'Meritbook Support'))

  const managers = employees.filter((e) => e.managedTeamId !== null && e.level > 0)
  const free = (list: DemoEmployee[]) => list.filter((e) => !taken.has(e.id))
  const inPeople = () => free(managers.filter((e) => e.department === 'People'))

  add('ADMIN', inPeople()[0] ?? null, mailbox('admin', 'HR Administrator'))

  let planners = inPeople().slice(0, HR_PLANNERS)
  if (planners.length === 0) planners = random.shuffle(free(managers)).slice(0, 2)
  if (planners.length === 0) add('PLANNER', null, mailbox('planner', 'HR Planner'))
  for (const planner of planners.sort((a, b) => a.id - b.id)) add('PLANNER', planner, mailbox('planner', ''))

  const marketing = free(managers.filter((e) => e.department === 'Marketing'))
  const others = free(managers)
  const comms = marketing[0] ?? (others.length > 0 ? others[random.int(0, others.length - 1)] : null)
  add('COMM_MANAGER', comms, mailbox('comms', 'Communications Manager'))

  for (const manager of free(managers)) add('MANAGER', manager, mailbox('manager', ''))

  const individuals = employees.filter((e) => e.managedTeamId === null && e.email !== null)
  const chosen = new Set<DemoEmployee>()
  for (let tries = 0; chosen.size < Math.min(EMPLOYEE_USERS, individuals.length) && tries < 1000; tries++) {
    chosen.add(individuals[random.int(0, individuals.length - 1)])
  }
  if (chosen.size === 0) add('EMPLOYEE', null, mailbox('employee', 'Demo Employee'))
  for (const employee of [...chosen].sort((a, b) => a.id - b.id))
    add('EMPLOYEE', employee, mailbox('employee', ''))

  // Any role left without a user (a tiny company) gets a stand-alone mailbox account.
  for (const role of ROLES) {
    if (!users.some((u) => u.role === role))
      add(role, null, mailbox(role.toLowerCase().replace('_', ''), role))
  }

  const sampleUsers = {} as Record<RoleName, string>
  for (const role of ROLES) sampleUsers[role] = (users.find((u) => u.role === role) as DemoUser).email

  const userSettings: DemoUserSetting[] = []
  for (const user of users) {
    const employee = user.employeeId === null ? undefined : employees[user.employeeId - 1]
    if (user.role === 'OWNER' || user.role === 'ADMIN') {
      userSettings.push({ userId: user.id, preferredCurrency: 'USD', compensationTableConfig: null })
    } else if (employee && employee.payCurrency !== 'USD') {
      userSettings.push({
        userId: user.id,
        preferredCurrency: employee.payCurrency,
        compensationTableConfig: null,
      })
    }
  }
  return { users, userSettings, sampleUsers, ownerEmail: users[0].email, userOfEmployee }
}
