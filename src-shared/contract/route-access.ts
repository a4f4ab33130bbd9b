import { roleMayCall, type AccessRule } from '../domain/access'
import { ROLES, type RoleName } from '../domain/roles'
import { COMPANY_TEMPLATE_WRITERS, mayChangeCompanyTemplates } from '../domain/statements/templates'
import { admin, member, statementsPage, submitters } from './channels/shared'
import { contract, type Channel } from './channels'

/**
 * Who may call each route of the company server (issue 34, "Least privilege"): the server's guard
 * (src-server/http/route-guard.ts) refuses every other caller from this table, and a route missing
 * from it does not start. Spec §6 page access decides: a route serves the pages that use it, and
 * where the desktop has a channel for the same operation, its rule is the route's.
 */
export type RouteRule =
  /** No signed-in user needed: the handler checks what it needs (a cookie, a link, a key). */
  | { kind: 'public' }
  /** The desktop's rule for the same operation; several: any one of them opens the door. */
  | { kind: 'channels'; channels: readonly Channel[] }
  | { kind: 'roles'; roles: readonly RoleName[] }
  | Exclude<AccessRule, { kind: 'open' }>

export interface RouteAccess {
  rule: RouteRule
  /** The refusal's words: "Your role (X) may not <what>." A function when they depend on the body. */
  what: string | ((body: unknown) => string)
  /** A statement's magic-link token opens it too (the handler checks which statement). */
  link?: true
}

/**
 * The roles that read the company's pay (employees' pay and demographics, rewards, budgets, pay
 * ranges, rates, the snapshot and the change feed): the pages that show it. Not COMM_MANAGER, whose
 * statements the server computes, nor EMPLOYEE.
 */
export const companyData: AccessRule = {
  kind: 'pages',
  pages: ['employeetable', 'plannerdashboard', 'plannerstatus', 'hrdashboard'],
}

export function readsCompanyData(role: RoleName): boolean {
  return roleMayCall(role, companyData)
}

/**
 * Why a role keeps no replica of the company on a desktop (join downloads everyone's pay), with what
 * to do instead; null when it may join.
 */
export function joinRefusal(role: RoleName): string | null {
  if (readsCompanyData(role)) return null
  return (
    `Your role (${role}) does not keep a copy of the company on this computer: joining downloads ` +
    'everyone’s pay, which your role does not read. Ask an owner or admin to send the statements, ' +
    'or to give you a role that plans.'
  )
}

const channel = (...channels: Channel[]): RouteRule => ({ kind: 'channels', channels })
const pub: RouteRule = { kind: 'public' }
const ownerOrSuper: RouteRule = { kind: 'roles', roles: ['OWNER', 'SUPER_USER'] }
/** The HRIS integration (issue 38): the company's owner and admins connect it and import from it. */
const hrisAdmins: RouteRule = { kind: 'roles', roles: ['OWNER', 'ADMIN'] }

/** The Reward Statements page's roles, and an employee for their own statements (the handler filters). */
const statementReaders: RouteRule = {
  kind: 'roles',
  roles: [...ROLES.filter((r) => roleMayCall(r, statementsPage)), 'EMPLOYEE'],
}

/**
 * The company's templates, which every sender mails: written only by the roles the domain names
 * (not a planner's desktop: the desktop's own template channels write the workbook's copies).
 */
const templateWriters: RouteRule = { kind: 'roles', roles: ROLES.filter(mayChangeCompanyTemplates) }
const changeTemplates = `change the company’s statement templates: ask ${COMPANY_TEMPLATE_WRITERS}`

const closing = (body: unknown) =>
  typeof body === 'object' && body !== null && (body as { active?: unknown }).active === false
const saving = (body: unknown) =>
  typeof body === 'object' && body !== null && (body as { save?: unknown }).save === true

/** Method and path as Fastify registers them (HEAD follows GET). */
export const ROUTE_ACCESS: Readonly<Record<string, RouteAccess>> = {
  'GET /health': { rule: pub, what: 'check the server' },
  'GET /statement': { rule: pub, what: 'open the statement page' },
  'GET /statement.js': { rule: pub, what: 'open the statement page' },
  'GET /set-password': { rule: pub, what: 'open the set-password page' },
  'GET /set-password.js': { rule: pub, what: 'open the set-password page' },
  'GET /api/openapi.json': { rule: pub, what: 'read the API document' },
  'GET /api/docs': { rule: pub, what: 'read the API document' },

  'POST /api/user/login': { rule: pub, what: 'sign in' },
  'POST /api/user/token/refresh/': { rule: pub, what: 'refresh a session' },
  'POST /api/user/token/logout': { rule: pub, what: 'sign out' },
  'POST /api/user/token/verify_link/': { rule: pub, what: 'follow a link' },
  // Its own token (set-password purpose) or an ordinary one: the handler checks.
  'POST /api/user/set_password': { rule: pub, what: 'set a password' },
  'POST /api/user/recover_password': { rule: pub, what: 'recover a password' },
  'GET /api/user/profile': { rule: member, what: 'read the profile' },
  'GET /api/user/settings': { rule: member, what: 'read settings' },
  'PUT /api/user/settings': { rule: member, what: 'change settings' },
  'POST /api/user/invite': { rule: channel('users.invite'), what: 'invite users' },
  'POST /api/user/inviteAll': { rule: channel('users.inviteAll'), what: 'invite users' },

  'GET /api/users/': { rule: channel('users.list'), what: 'list users' },
  'POST /api/users/': { rule: channel('users.create'), what: 'create users' },
  'PUT /api/users/:id/': { rule: channel('users.setRole'), what: 'change roles' },
  'DELETE /api/users/:id/': { rule: channel('users.remove'), what: 'delete users' },

  'GET /api/company/details/': { rule: member, what: 'read the company' },
  'GET /api/company/roles/': { rule: channel('roles.list'), what: 'list roles' },
  'GET /api/company/onboarding/': {
    rule: { kind: 'roles', roles: ['SUPER_USER'] },
    what: 'list organizations',
  },
  // The onboarding key or a super user: the handler checks.
  'POST /api/company/onboarding/': { rule: pub, what: 'create an organization' },
  'POST /api/company/publish/': { rule: ownerOrSuper, what: 'publish a company' },
  'GET /api/company/snapshot/': { rule: companyData, what: 'download the company' },
  'GET /api/company/file/': { rule: admin, what: 'download the company file' },
  'PUT /api/company/file/': { rule: admin, what: 'share the company file' },
  'GET /api/company/file/position/': { rule: admin, what: 'share the company file' },
  'POST /api/import/data/': { rule: channel('import.commit'), what: 'import employees' },
  'GET /api/merge/initialize/': { rule: hrisAdmins, what: 'connect an HRIS' },
  'POST /api/merge/finalize/': { rule: hrisAdmins, what: 'connect an HRIS' },
  'GET /api/integrations/': { rule: hrisAdmins, what: 'list HRIS connections' },
  'POST /api/import/integration/': { rule: hrisAdmins, what: 'import employees from an HRIS' },

  'GET /api/employees/': {
    rule: { kind: 'roles', roles: rolesOf(companyData, statementsPage) },
    what: 'read employees',
  },
  'PUT /api/employees/:id/': { rule: channel('employees.update'), what: 'change employees' },
  'DELETE /api/employees/:id/': { rule: channel('employees.delete'), what: 'delete employees' },
  'GET /api/employeerewards/': { rule: companyData, what: 'read rewards' },
  'PUT /api/employeerewards/:employee/': { rule: channel('rewards.update'), what: 'plan rewards' },
  'GET /api/employeerewards/history/:employeeId': {
    rule: channel('rewards.history'),
    what: 'read reward history',
  },
  'PUT /api/sync/rewards/': { rule: channel('rewards.update'), what: 'plan rewards' },
  'GET /api/jobprofiles/': { rule: companyData, what: 'read job profiles' },
  'GET /api/payranges/': { rule: companyData, what: 'read pay ranges' },
  'PUT /api/payranges/:id/': { rule: channel('payRanges.update'), what: 'change pay ranges' },
  'GET /api/teams/': { rule: companyData, what: 'read teams' },
  'POST /api/teams/': { rule: channel('orgChart.drop'), what: 'change teams' },
  'PUT /api/teams/:id/': { rule: channel('teams.setBudget'), what: 'change teams' },
  'DELETE /api/teams/:id/': { rule: channel('orgChart.drop'), what: 'change teams' },
  'PUT /api/org-chart/': { rule: channel('orgChart.drop'), what: 'change teams' },
  'GET /api/bulk/': { rule: companyData, what: 'read planning data' },
  'GET /api/sync/changes/': { rule: companyData, what: 'follow the company’s changes' },

  // Every user: roles without the company's pay get the cycles without budget, rates or settings.
  'GET /api/paycycle/config/': { rule: channel('payCycles.list'), what: 'read pay cycles' },
  'POST /api/paycycle/config/': { rule: channel('payCycles.create'), what: 'create pay cycles' },
  'PUT /api/paycycle/config/:id/': {
    rule: channel('payCycles.save', 'payCycles.close'),
    what: (body) => (closing(body) ? 'close pay cycles' : 'change pay cycles'),
  },
  'DELETE /api/paycycle/config/:id/': { rule: channel('payCycles.save'), what: 'remove pay cycles' },
  'GET /api/paycycle/submit/': { rule: companyData, what: 'read planner submissions' },
  'POST /api/paycycle/submit/': { rule: submitters, what: 'submit plans' },
  'DELETE /api/paycycle/submit/:id': { rule: channel('submissions.unsubmit'), what: 'send plans back' },
  'POST /api/calculate-budget/': { rule: channel('budgets.calculate'), what: 'calculate budgets' },
  // Admin roles any team's, planners and managers their own teams' (the handler checks the team).
  'POST /api/calculate-budget/:team/': {
    rule: channel('budgets.calculate', 'budgets.managerView'),
    what: 'read team budgets',
  },
  'GET /api/calculate-matrix/': { rule: channel('matrix.config'), what: 'read the matrix configuration' },
  'POST /api/calculate-matrix/': {
    rule: channel('matrix.calculate', 'matrix.save'),
    what: (body) => (saving(body) ? 'save the matrix' : 'calculate the matrix'),
  },

  'GET /api/employee/reward-statements/': {
    rule: statementReaders,
    what: 'read reward statements',
    link: true,
  },
  'GET /api/employee/reward-statements/:id/pdf/': {
    rule: statementReaders,
    what: 'read reward statements',
    link: true,
  },
  'POST /api/employee/reward-statements/': {
    rule: channel('statements.generate'),
    what: 'write reward statements',
  },
  'POST /api/employee/reward-statements/generate-batch/': {
    rule: channel('statements.generate'),
    what: 'write reward statements',
  },
  'POST /api/employee/reward-statements/update-send-status/': {
    rule: channel('statements.recordSent'),
    what: 'send reward statements',
  },
  'POST /api/employee/reward-statements/:id/revoke-magic-link/': {
    rule: channel('statements.setLink'),
    what: 'manage statement links',
  },
  'POST /api/employee/reward-statements/:id/unrevoke-magic-link/': {
    rule: channel('statements.setLink'),
    what: 'manage statement links',
  },
  'GET /api/employee/reward-statements-templates/': {
    rule: channel('statements.templates'),
    what: 'read statement templates',
  },
  'POST /api/employee/reward-statements-templates/': { rule: templateWriters, what: changeTemplates },
  'GET /api/employee/reward-statements-templates/:id/': {
    rule: channel('statements.template'),
    what: 'read statement templates',
  },
  'PATCH /api/employee/reward-statements-templates/:id/': { rule: templateWriters, what: changeTemplates },
  'POST /api/employee/bulk-mail-statement/': {
    rule: channel('statements.send'),
    what: 'send reward statements',
  },
  'POST /api/employee/send-employee-statement/': {
    rule: channel('statements.send'),
    what: 'send reward statements',
  },
}

/** The table's entry of a route; HEAD is answered by the GET route. */
export function routeAccess(method: string, url: string): RouteAccess | undefined {
  const key = `${method === 'HEAD' ? 'GET' : method} ${url}`
  return Object.prototype.hasOwnProperty.call(ROUTE_ACCESS, key) ? ROUTE_ACCESS[key] : undefined
}

/** Whether a signed-in user of this role passes the rule (public routes: the handler decides). */
export function routeAllows(role: RoleName, rule: RouteRule): boolean {
  switch (rule.kind) {
    case 'public':
      return true
    case 'channels':
      return rule.channels.some((c) => roleMayCall(role, contract[c].access))
    case 'roles':
      return rule.roles.includes(role)
    default:
      return roleMayCall(role, rule)
  }
}

/** The roles any of these rules lets in, in ROLES order. */
export function rolesOf(...rules: readonly RouteRule[]): RoleName[] {
  return ROLES.filter((role) => rules.some((rule) => routeAllows(role, rule)))
}
