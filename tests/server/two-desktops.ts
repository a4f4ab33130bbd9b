import type { CompanySnapshot } from '../../src-shared/contract/company-snapshot'
import { joinDesktop, type Desktop, type Network } from '../support/replica'
import { listen, publishDemo, type PublishedCompany, type TestServer } from './support'

/** Two replicas of one company on the test server, as the live-sync tests use them. */
export interface TwoDesktops {
  snapshot: CompanySnapshot
  ownerToken: string
  /** The server's address (a test may join another desktop). */
  url: string
  /** The owner's replica, on the `network` given (a test cuts it or makes it lose an answer). */
  owner: Desktop
  /** The demo's MANAGER's replica (their teams in full, the others by name). */
  manager: Desktop
  managerUser: PublishedCompany['manager']
  /** A member of the manager's teams who is not the manager. */
  teamMember: number
  /** A REST call as the owner (another admin's desktop); anything but 200 throws with the answer. */
  rest(
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: object,
  ): Promise<Record<string, unknown>>
  /**
   * Gives the owner another role on the server (the replica is not told) while their replica pushes
   * everything queued, so that the server refuses it; the owner is the owner again after.
   */
  pushAsOwnerRole(role: string): Promise<Awaited<ReturnType<Desktop['engine']['push']>>>
}

/**
 * Publishes a demo company to the file's test server and joins the owner's and the manager's
 * replicas before its tests (closed after them). The fields are set once `beforeAll` ran.
 */
export function twoDesktops(
  server: () => TestServer,
  company: { name: string; ownerEmail: string; ownerName: string; employees: number; seed: number },
  password: string,
  network: Network = { offline: false, loseNextAnswer: false },
): TwoDesktops {
  const desks = {
    async rest(method, url, payload) {
      const answer = await server().app.inject({
        method,
        url,
        headers: { authorization: `Bearer ${desks.ownerToken}` },
        ...(payload === undefined ? {} : { payload }),
      })
      if (answer.statusCode !== 200) throw new Error(`${method} ${url}: ${answer.body}`)
      return answer.json<Record<string, unknown>>()
    },
    async pushAsOwnerRole(role) {
      const setRole = (to: string) =>
        server()
          .db.updateTable('app_user')
          .set({ role: to })
          .where('email', '=', company.ownerEmail)
          .execute()
      await setRole(role)
      try {
        return await desks.owner.engine.push(true)
      } finally {
        await setRole('OWNER')
      }
    },
  } as TwoDesktops
  beforeAll(async () => {
    const published = await publishDemo(server(), company, password)
    const teams = published.manager.teamIds
    desks.snapshot = published.snapshot
    desks.ownerToken = published.ownerToken
    desks.managerUser = published.manager
    desks.teamMember = published.snapshot.employees.find(
      (e) => e.team_id !== null && teams.has(e.team_id) && e.id !== published.manager.employeeId,
    )!.id
    desks.url = await listen(server())
    desks.owner = await joinDesktop(desks.url, company.ownerEmail, password, network)
    desks.manager = await joinDesktop(desks.url, published.manager.email, password)
  })
  afterAll(async () => {
    await desks.owner?.close()
    await desks.manager?.close()
  })
  return desks
}
