import type { UserDto } from '../../src-shared/contract'
import {
  EMPLOYEE_FIELD_NAMES,
  PAY_RANGE_FIELD_NAMES,
  parseAssignments,
  type PayRangeField,
} from '../../src-shared/domain/company-records'
import { isRoleName, ROLES, type RoleName } from '../../src-shared/domain/roles'
import { Failure } from '../services/failure'
import type { Flags, Output } from './commands'
import { print } from './planning-commands'
import { UsageError } from './usage'
import { withSession, type CliSession } from './workbook-session'

/** `users`, `employee` and `payrange`: users and roles, and the company's records, in place. */

const USERS_ACTIONS = ['list', 'add', 'set-role', 'remove', 'invite', 'invite-all'] as const

function roleArg(value: string | undefined, where: string): RoleName {
  const role = value?.trim().toUpperCase()
  if (!role || !isRoleName(role))
    throw new UsageError(`${where} must be one of ${ROLES.join(', ')}, not "${value ?? ''}".`)
  return role
}

function needArgs(action: string, rest: string[], names: string[]): string[] {
  if (rest.length < names.length)
    throw new UsageError(`users ${action} needs ${names.map((n) => `<${n}>`).join(' ')}.`)
  if (rest.length > names.length) throw new UsageError(`Unexpected argument "${rest[names.length]}".`)
  return rest
}

async function userByEmail(session: CliSession, email: string): Promise<UserDto> {
  const wanted = email.trim().toLowerCase()
  const user = (await session.call('users.list', {})).find((u) => u.email.toLowerCase() === wanted)
  if (!user) throw new Failure('NOT_FOUND', `No user has the email ${email}.`)
  return user
}

export async function usersCommand(file: string, flags: Flags, out: Output, args: string[]): Promise<void> {
  const [action, ...rest] = args
  if (!action || !(USERS_ACTIONS as readonly string[]).includes(action))
    throw new UsageError(
      `users needs one of ${USERS_ACTIONS.join(', ')}${action ? `, not "${action}"` : ''}.`,
    )
  await withSession(file, flags, async (session) => {
    switch (action) {
      case 'list': {
        needArgs(action, rest, [])
        const users = await session.call('users.list', {})
        print(
          out,
          flags,
          users,
          users.map((u) => `${u.email}\t${u.role}\t${u.name}${u.invited ? '\tinvited' : ''}`).join('\n'),
        )
        return
      }
      case 'add': {
        needArgs(action, rest, [])
        if (typeof flags.email !== 'string') throw new UsageError('users add needs --email <email>.')
        const role = roleArg(typeof flags.role === 'string' ? flags.role : undefined, '--role')
        let employeeId: number | null = null
        if (typeof flags.employee === 'string') {
          employeeId = (await session.call('employees.record', { companyEmployeeId: flags.employee })).id
        }
        const created = await session.call('users.create', { email: flags.email, role, employeeId })
        print(out, flags, created, created.message)
        return
      }
      case 'set-role': {
        const [email, roleText] = needArgs(action, rest, ['email', 'role'])
        const role = roleArg(roleText, '<role>')
        const user = await userByEmail(session, email)
        const changed = await session.call('users.setRole', { userId: user.id, role })
        print(out, flags, changed, changed.message)
        return
      }
      case 'remove': {
        const [email] = needArgs(action, rest, ['email'])
        const user = await userByEmail(session, email)
        const removed = await session.call('users.remove', { userIds: [user.id] })
        print(out, flags, removed, removed.message)
        return
      }
      case 'invite': {
        const [email] = needArgs(action, rest, ['email'])
        const user = await userByEmail(session, email)
        const invited = await session.call('users.invite', { userId: user.id })
        print(out, flags, invited, `${invited.message}\n\n${invited.invitation.text}`)
        return
      }
      case 'invite-all': {
        needArgs(action, rest, [])
        const result = await session.call('users.inviteAll', {})
        print(
          out,
          flags,
          result,
          result.invitation ? `${result.message}\n\n${result.invitation.text}` : result.message,
        )
        return
      }
    }
  })
}

function assignments<F extends string>(pairs: string[], fields: readonly F[]): Partial<Record<F, string>> {
  if (pairs.length === 0) throw new UsageError(`Name at least one field=value (${fields.join(', ')}).`)
  const parsed = parseAssignments(pairs, fields)
  if (!parsed.ok) throw new UsageError(parsed.message)
  return parsed.changes
}

export async function employeeCommand(
  file: string,
  flags: Flags,
  out: Output,
  args: string[],
): Promise<void> {
  const [action, companyEmployeeId, ...pairs] = args
  if (action !== 'set') throw new UsageError(`employee needs "set", not "${action ?? ''}".`)
  if (!companyEmployeeId) throw new UsageError('employee set needs <Employee Id>.')
  const changes = assignments(pairs, EMPLOYEE_FIELD_NAMES)
  const result = await withSession(file, flags, async (session) => {
    const { id } = await session.call('employees.record', { companyEmployeeId })
    return session.call('employees.update', { employeeId: id, changes })
  })
  print(out, flags, result, result.message)
}

/** `min`, `mid`, `max`, `currency` as short names of the pay range's fields. */
const PAY_RANGE_SHORT: Record<string, PayRangeField> = {
  min: 'minPay',
  mid: 'midPay',
  max: 'maxPay',
  currency: 'payCurrency',
}

export async function payRangeCommand(
  file: string,
  flags: Flags,
  out: Output,
  args: string[],
): Promise<void> {
  const [action, name, ...pairs] = args
  if (action !== 'set') throw new UsageError(`payrange needs "set", not "${action ?? ''}".`)
  if (!name) throw new UsageError('payrange set needs <name>.')
  const short = pairs.map((pair) => {
    const at = pair.indexOf('=')
    const key = at < 0 ? pair : pair.slice(0, at)
    return key in PAY_RANGE_SHORT ? `${PAY_RANGE_SHORT[key]}${pair.slice(at)}` : pair
  })
  const changes = assignments(short, [
    ...PAY_RANGE_FIELD_NAMES,
    ...(Object.keys(PAY_RANGE_SHORT) as PayRangeField[]),
  ])
  const result = await withSession(file, flags, async (session) => {
    const matches = (await session.call('payRanges.overview', {})).filter((r) => r.name === name)
    if (matches.length === 0) throw new Failure('NOT_FOUND', `No pay range is named "${name}".`)
    if (matches.length > 1)
      throw new Failure('NOT_FOUND', `${matches.length} pay ranges are named "${name}".`)
    return session.call('payRanges.update', { payRangeId: matches[0].id, changes })
  })
  print(out, flags, result, result.message)
}
