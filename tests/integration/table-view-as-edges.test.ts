import type { SessionUser, UserDto } from '../../src-shared/contract'
import type { RoleName } from '../../src-shared/domain/roles'
import { TableCache } from '../../src-main/services/table/cache'
import type { TableModel } from '../../src-main/services/table/model'
import { VIEW_AS_FORBIDDEN } from '../../src-main/services/table/query'
import { viewAsChoices } from '../../src-main/services/table/view-as'
import { demoWorkbook } from '../support/demo-backend'

/**
 * table.viewAsChoices at its edges (mutation testing, issue 20). Administration document: "the
 * employee picker lists employees other than self who have users"; by name, then id, each with its
 * job title and role.
 */
const demo = demoWorkbook('view-as', 30)
let model: TableModel

beforeAll(async () => {
  model = await new TableCache().get(demo.workbook())
})

const sessionUser = (role: RoleName, employeeId: number | null): SessionUser => ({
  id: 1,
  email: 'me@example.com',
  name: 'Me',
  role,
  employeeId,
})

const candidate = (employeeId: number | null, role: RoleName, id = 100 + (employeeId ?? 0)): UserDto => ({
  id,
  email: `u${id}@example.com`,
  name: `User ${id}`,
  preferredName: null,
  role,
  employeeId,
  invited: false,
  inviteAccepted: true,
})

describe('viewAsChoices', () => {
  it('refuses the roles that may not view as someone, with the spec message', () => {
    for (const role of ['MANAGER', 'EMPLOYEE', 'COMM_MANAGER'] as const) {
      expect(() => viewAsChoices(model, sessionUser(role, null), [])).toThrow(VIEW_AS_FORBIDDEN)
    }
    expect(viewAsChoices(model, sessionUser('ADMIN', null), [])).toEqual([])
  })

  it('lists each employee with a user once, never self, by name then id, with job title and role', () => {
    const rows = model.rows.slice(0, 5)
    const [self, a, b, c, d] = rows
    const saved = rows.map((r) => ({ name: r.e.name, jobTitle: r.e.jobTitle }))
    try {
      // Two people of the same name sort by id; a name earlier in the alphabet comes first.
      Object.assign(c.e, { name: 'Zed Same', jobTitle: 'Analyst' })
      Object.assign(b.e, { name: 'Zed Same', jobTitle: null })
      Object.assign(a.e, { name: 'Amy First', jobTitle: 'Lead' })
      Object.assign(d.e, { name: 'Mia Middle', jobTitle: '' })
      const users = [
        candidate(c.e.id, 'MANAGER'),
        candidate(null, 'ADMIN', 1),
        candidate(self.e.id, 'PLANNER'),
        candidate(b.e.id, 'EMPLOYEE'),
        candidate(99_999, 'EMPLOYEE'),
        candidate(a.e.id, 'PLANNER'),
        // A second user of the same employee: listed once, as the first user.
        candidate(a.e.id, 'ADMIN', 2),
        candidate(d.e.id, 'COMM_MANAGER'),
      ]
      const choices = viewAsChoices(model, sessionUser('OWNER', self.e.id), users)
      const [low, high] = b.e.id < c.e.id ? [b, c] : [c, b]
      expect(choices.map((x) => x.employeeId)).toEqual([a.e.id, d.e.id, low.e.id, high.e.id])
      const byId = new Map(choices.map((x) => [x.employeeId, x]))
      expect(byId.get(a.e.id)).toEqual({ employeeId: a.e.id, name: 'Amy First', detail: 'Lead · Planner' })
      expect(byId.get(b.e.id)?.detail).toBe('Employee')
      expect(byId.get(c.e.id)?.detail).toBe('Analyst · Manager')
      expect(byId.get(d.e.id)?.detail).toBe('Communications Manager')
      // Without an employee of one's own, nobody is left out as self.
      const all = viewAsChoices(model, sessionUser('OWNER', null), users)
      expect(all.map((x) => x.employeeId)).toContain(self.e.id)
    } finally {
      rows.forEach((r, i) => Object.assign(r.e, saved[i]))
    }
  })

  it("a planner's list holds only the people within the planner's own teams", () => {
    const team = [...model.teams.values()].find(
      (t) =>
        t.managerId !== null &&
        model.tree.parent.get(t.id) != null &&
        model.rows.some((r) => r.e.teamId === t.id && r.e.id !== t.managerId),
    )
    if (!team || team.managerId === null) throw new Error('no team with members and outsiders')
    const planner = sessionUser('PLANNER', team.managerId)
    const inside = model.rows.find((r) => r.e.teamId === team.id && r.e.id !== team.managerId)!
    const users = model.rows.map((r) => candidate(r.e.id, 'EMPLOYEE'))
    const choices = viewAsChoices(model, planner, users)
    expect(choices.map((x) => x.employeeId)).toContain(inside.e.id)
    expect(choices.length).toBeLessThan(model.rows.length - 1)
    const everyone = viewAsChoices(model, sessionUser('ADMIN', team.managerId), users)
    expect(everyone).toHaveLength(model.rows.length - 1)
  })
})
