import { roleMayCall } from '../../src-shared/domain/access'
import {
  PAGE_ACCESS,
  canAccessPage,
  hasAdminPowers,
  isPlanningStaff,
  landingPathAfterLogin,
  type PageKey,
} from '../../src-shared/domain/roles'
import { APP_ROUTES, routeForPath } from '../../src-shared/domain/routes'

const SPEC_PAGES: PageKey[] = ['plannerdashboard', 'employeetable', 'plannerstatus', 'compstatements']

describe('page access (spec §6)', () => {
  it('SUPER_USER: all pages', () => {
    for (const route of APP_ROUTES) expect(canAccessPage('SUPER_USER', route.page)).toBe(true)
  })

  it('OWNER and ADMIN: all pages except plannerdashboard', () => {
    for (const role of ['OWNER', 'ADMIN'] as const) {
      for (const route of APP_ROUTES) {
        expect(canAccessPage(role, route.page)).toBe(route.page !== 'plannerdashboard')
      }
    }
  })

  it('PLANNER: plannerdashboard, employeetable, plannerstatus, compstatements', () => {
    expect(PAGE_ACCESS.PLANNER).toEqual(SPEC_PAGES)
  })

  it('COMM_MANAGER: compstatements only; MANAGER: plannerdashboard, employeetable', () => {
    expect(PAGE_ACCESS.COMM_MANAGER).toEqual(['compstatements'])
    expect(PAGE_ACCESS.MANAGER).toEqual(['plannerdashboard', 'employeetable'])
  })

  it('EMPLOYEE ("not shown"): our choice is no page', () => {
    for (const route of APP_ROUTES) expect(canAccessPage('EMPLOYEE', route.page)).toBe(false)
  })
})

describe('routes and sidebar labels (spec §2)', () => {
  it('are exactly the spec’s table, in order', () => {
    expect(APP_ROUTES.map((r) => [r.path, r.label])).toEqual([
      ['/plannerdashboard', 'Summary & Dashboard'],
      ['/import', 'Manage Data'],
      ['/paycycleplan', 'Plan Pay Cycle'],
      ['/employeetable', 'Compensation Table'],
      ['/users', 'Users'],
      ['/plannerstatus', 'Planner Status'],
      ['/hrdashboard', 'Summary & Dashboard (HR)'],
      ['/reward-statement/compstatements', 'Reward Statements'],
    ])
  })

  it('a path finds its route and page; a path not in the table finds none', () => {
    expect(routeForPath('/employeetable')).toEqual({
      path: '/employeetable',
      label: 'Compensation Table',
      page: 'employeetable',
    })
    expect(routeForPath('/hrdashboard')?.label).toBe('Summary & Dashboard (HR)')
    expect(routeForPath('/nowhere')).toBeUndefined()
  })
})

describe('after login', () => {
  it('owners, admins, super users and planners go to /employeetable; other roles are not redirected', () => {
    expect(landingPathAfterLogin('OWNER')).toBe('/employeetable')
    expect(landingPathAfterLogin('ADMIN')).toBe('/employeetable')
    expect(landingPathAfterLogin('SUPER_USER')).toBe('/employeetable')
    expect(landingPathAfterLogin('PLANNER')).toBe('/employeetable')
    expect(landingPathAfterLogin('MANAGER')).toBeNull()
    expect(landingPathAfterLogin('COMM_MANAGER')).toBeNull()
  })
})

describe('admin powers and planning staff', () => {
  it('OWNER, ADMIN and SUPER_USER hold admin powers', () => {
    expect(
      ['OWNER', 'ADMIN', 'SUPER_USER', 'PLANNER', 'MANAGER'].map((r) => hasAdminPowers(r as 'OWNER')),
    ).toEqual([true, true, true, false, false])
  })

  it('PLANNER, ADMIN and OWNER are flagged as able to plan', () => {
    expect(isPlanningStaff('PLANNER') && isPlanningStaff('ADMIN') && isPlanningStaff('OWNER')).toBe(true)
    expect(isPlanningStaff('SUPER_USER') || isPlanningStaff('MANAGER')).toBe(false)
  })
})

describe('channel access rules', () => {
  it('pages rules follow page access; admin rules follow admin powers', () => {
    expect(roleMayCall('COMM_MANAGER', { kind: 'pages', pages: ['compstatements'] })).toBe(true)
    expect(roleMayCall('MANAGER', { kind: 'pages', pages: ['compstatements'] })).toBe(false)
    expect(roleMayCall('PLANNER', { kind: 'admin' })).toBe(false)
    expect(roleMayCall('EMPLOYEE', { kind: 'member' })).toBe(true)
  })
})
