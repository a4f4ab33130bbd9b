import crypto from 'node:crypto'
import path from 'node:path'
import Database from 'better-sqlite3'
import fc from 'fast-check'
import {
  contentLine,
  ContentOfRows,
  exactFloat,
  fractionalSql,
} from '../../src-shared/contract/company-content'
import type { CompanySnapshot } from '../../src-shared/contract/company-snapshot'
import { SnapshotReader } from '../../src-shared/contract/company-snapshot-stream'
import { joinCompany, sessionJoinSteps } from '../../src-main/server-account/join'
import type { ServerAccount } from '../../src-main/server-account/account'
import { Session } from '../../src-main/services/session'
import { createDemoWorkbook } from '../../src-main/services/workbooks'
import { companyContent, sha256Digest } from '../../src-main/workbook/queries/company-content'
import { readCompanySnapshot } from '../../src-main/workbook/queries/company-snapshot'
import { snapshotDownload } from '../support/snapshot-download'
import { tempDir } from '../support/temp'

const dir = tempDir('meritbook-company-content-')
const sqlite = new Database(':memory:')
afterAll(() => sqlite.close())

/** The server's side: the content hash of a download, made from its rows as the server reads them. */
function contentOfDownload(text: string): string {
  const content = new ContentOfRows(sha256Digest)
  const reader = new SnapshotReader(content)
  reader.chunk(new TextEncoder().encode(text))
  reader.end()
  return content.end()
}

const contentOfWorkbook = (db: Database.Database) => companyContent(db, sha256Digest)

async function joined(snapshot: CompanySnapshot, name: string): Promise<Session> {
  const desktop = new Session({
    mode: 'cli',
    version: 'test',
    dataDir: dir,
    actAs: null,
    emit: () => undefined,
    rememberRecent: false,
  })
  const bytes = new TextEncoder().encode(snapshotDownload(snapshot, 7))
  const account = {
    usesCompanyFile: () => false,
    joinRefusal: () => null,
    joining: () => ({
      name: 'Content Co',
      serverUrl: 'https://content.example',
      userEmail: 'owner@content.test',
    }),
    streamCompany: async (chunk: (bytes: Uint8Array) => Promise<void>) => chunk(bytes),
  } as unknown as ServerAccount
  await joinCompany(account, sessionJoinSteps(desktop), path.join(dir, name))
  return desktop
}

/** A demo company with the values a content check must carry exactly: fractions, odd text, capitals in e-mails. */
async function awkwardCompany(): Promise<CompanySnapshot> {
  const workbook = await createDemoWorkbook(path.join(dir, `source-${crypto.randomUUID()}.paycycle`), {
    employees: 40,
    seed: 5,
  })
  const snapshot = readCompanySnapshot(workbook)
  await workbook.close()
  snapshot.employees[0].fte = 0.1 + 0.2
  snapshot.employees[1].current_percent_bonus = 1 / 3
  snapshot.employees[2].age = 34.5
  snapshot.employees[3].name = 'Zoë "Z" Łukasz\\ \t\u0001 😀'
  snapshot.rewards[0].new_percent_bonus = 7.000000000000001
  snapshot.rewards[1].comments = 'line one\nline two\r\n\u2028 end'
  snapshot.rewards[2].performance_rating = 2 ** -40
  snapshot.users[0].email = snapshot.users[0].email.toUpperCase()
  snapshot.payCycles[0].settings = { zeta: 1, alpha: { b: [1, 2], a: null } }
  return snapshot
}

describe('the content of a company, made by the server from rows and by a desktop from its replica', () => {
  it('a replica joined from a download has the content the server makes from the same download', async () => {
    const snapshot = await awkwardCompany()
    const desktop = await joined(snapshot, 'same.paycycle')
    expect(contentOfWorkbook(desktop.workbook!.sqlite)).toBe(contentOfDownload(snapshotDownload(snapshot, 7)))
    await desktop.close()
  })

  it.each([
    [
      'a float one bit away',
      'UPDATE employee SET fte = fte + 2e-16 WHERE id = (SELECT min(id) FROM employee)',
    ],
    [
      'a salary',
      'UPDATE employee SET current_salary = current_salary + 1 WHERE id = (SELECT max(id) FROM employee)',
    ],
    [
      'a comment',
      "UPDATE reward SET comments = 'changed' WHERE employee_id = (SELECT max(employee_id) FROM reward)",
    ],
    [
      'a flag',
      'UPDATE reward SET promotion = 1 - promotion WHERE employee_id = (SELECT min(employee_id) FROM reward)',
    ],
    [
      'a team budget',
      'UPDATE team SET budget = coalesce(budget, 0) + 1 WHERE id = (SELECT min(id) FROM team)',
    ],
    [
      "a user's role",
      'UPDATE app_user SET role_id = 1 + (role_id % 4) WHERE id = (SELECT max(id) FROM app_user)',
    ],
    ['a missing reward', 'DELETE FROM reward WHERE employee_id = (SELECT max(employee_id) FROM reward)'],
    ["a pay cycle's setting", `UPDATE pay_cycle SET settings = json_set(settings, '$.alpha', 2)`],
  ])('a replica that differs from the download by %s has another content', async (_what, change) => {
    const snapshot = await awkwardCompany()
    const desktop = await joined(snapshot, `${crypto.randomUUID()}.paycycle`)
    const db = desktop.workbook!.sqlite
    db.pragma('foreign_keys = OFF')
    expect(db.prepare(change).run().changes).toBe(1)
    expect(contentOfWorkbook(db)).not.toBe(contentOfDownload(snapshotDownload(snapshot, 7)))
    await desktop.close()
  })

  it("a float's exact text is the same from JavaScript and from SQLite, stored as a float or a whole number", () => {
    const sql = sqlite.prepare(`SELECT ${fractionalSql('x')} FROM (SELECT ? AS x)`).pluck()
    const asWhole = sqlite
      .prepare(`SELECT ${fractionalSql('x')} FROM (SELECT CAST(? AS INTEGER) AS x)`)
      .pluck()
    fc.assert(
      fc.property(fc.double({ noNaN: true, noDefaultInfinity: true }), (x) => {
        if (exactFloat(x) === 'out of range') expect(sql.get(x)).toBe('beyond')
        else expect(sql.get(x)).toBe(exactFloat(x))
      }),
      { numRuns: 20_000 },
    )
    fc.assert(
      fc.property(fc.integer({ min: -2047, max: 2047 }), (n) => {
        expect(asWhole.get(n)).toBe(exactFloat(n))
      }),
    )
    for (const x of [0, -0, 0.1, 1 / 3, 2047.9999999999998, 2e-30, -7.5, 1 - 2 ** -53])
      expect(sql.get(x)).toBe(exactFloat(x))
  })

  it('a whole number is itself, and from 10^-30 to 2048 the three whole numbers are the float exactly, so two floats never share them', () => {
    /** x × 2^156 as a whole number, from the float's bits. */
    const scaled = (x: number) => {
      const view = new DataView(new ArrayBuffer(8))
      view.setFloat64(0, Math.abs(x))
      const bits = view.getBigUint64(0)
      const exponent = Number(bits >> 52n) - 1075
      const significand = (bits & ((1n << 52n) - 1n)) | (1n << 52n)
      const value = exponent + 156 >= 0 ? significand << BigInt(exponent + 156) : -1n
      return x < 0 ? -value : value
    }
    fc.assert(
      fc.property(
        fc.double({ min: -2047.9, max: 2047.9, noNaN: true }).filter((x) => Math.abs(x) >= 1e-30),
        (x) => {
          const exact = exactFloat(x)
          if (typeof exact === 'number') return expect(exact).toBe(x === 0 ? 0 : x)
          const [whole, next, third] = exact.split(':').map(BigInt)
          expect(whole * 2n ** 104n + next * 2n ** 52n + third).toBe(scaled(x))
        },
      ),
      { numRuns: 20_000 },
    )
  })

  it('beyond that range a fraction is never compared equal: its texts differ on the two sides', () => {
    const sql = sqlite.prepare(`SELECT ${fractionalSql('x')} FROM (SELECT ? AS x)`).pluck()
    for (const x of [2048.5, 1e300 + 0.5, 2 ** 60, 5e-324, -1e-31]) expect(sql.get(x)).not.toBe(exactFloat(x))
  })

  it("a row's line is SQLite's json_array of the same values, for any text and whole number", () => {
    const line = sqlite.prepare('SELECT json_array(?, ?, CAST(? AS INTEGER), NULL)').pluck()
    fc.assert(
      fc.property(
        fc.string({ unit: 'grapheme', maxLength: 40 }),
        fc.string({
          unit: fc.integer({ min: 0, max: 0x7f }).map((c) => String.fromCharCode(c)),
          maxLength: 20,
        }),
        fc.maxSafeInteger(),
        (a, b, n) => {
          expect(line.get(a, b, n)).toBe(contentLine([a, b, n, null]))
        },
      ),
      { numRuns: 5000 },
    )
  })
})
