import fs from 'node:fs'
import path from 'node:path'
import type { CompanySnapshot } from '../../src-shared/contract/company-snapshot'
import type { EventPayloads } from '../../src-shared/contract/events'
import {
  snapshotColumns,
  snapshotEndLine,
  snapshotLine,
  type SnapshotPart,
} from '../../src-shared/contract/company-snapshot-stream'
import type { ServerAccount } from '../../src-main/server-account/account'
import { joinCompany, sessionJoinSteps } from '../../src-main/server-account/join'
import { Failure } from '../../src-main/services/failure'
import { Session } from '../../src-main/services/session'
import { createDemoWorkbook } from '../../src-main/services/workbooks'
import { readCompanySnapshot } from '../../src-main/workbook/queries/company-snapshot'
import { snapshotDownload as download } from '../support/snapshot-download'
import { tempDir } from '../support/temp'

const dir = tempDir('meritbook-replica-join-')
const company = { name: 'Join Co', serverUrl: 'https://comp.example', userEmail: 'owner@join.test' }
let source: CompanySnapshot

beforeAll(async () => {
  const workbook = await createDemoWorkbook(path.join(dir, 'source.paycycle'), { employees: 60, seed: 3 })
  source = readCompanySnapshot(workbook)
  await workbook.close()
})

const progress: EventPayloads['task.progress'][] = []

function session(): Session {
  return new Session({
    mode: 'cli',
    version: 'test',
    dataDir: dir,
    actAs: null,
    emit: (event, payload) => {
      if (event === 'task.progress') progress.push(payload as EventPayloads['task.progress'])
    },
    rememberRecent: false,
  })
}

/** The signed-in account as join uses it, its download's UTF-8 bytes sent in chunks of `size`. */
function accountSending(text: string, size: number, failAt = Infinity): ServerAccount {
  const bytes = new TextEncoder().encode(text)
  return {
    usesCompanyFile: () => false,
    joinRefusal: () => null,
    joining: () => company,
    streamCompany: async (chunk: (bytes: Uint8Array) => Promise<void>) => {
      for (let at = 0; at < bytes.length; at += size) {
        if (at >= failAt) throw new Failure('OFFLINE', 'The company server cannot be reached.')
        await chunk(bytes.slice(at, at + size))
      }
    },
  } as unknown as ServerAccount
}

const leftovers = (file: string) => ['', '-wal', '-shm'].filter((suffix) => fs.existsSync(`${file}${suffix}`))

describe('join writes the replica while the company downloads', () => {
  it('bytes cut anywhere (chunks of 7, characters of two bytes split between them) become a replica equal to the server’s company, following the feed from the end line', async () => {
    const desktop = session()
    const file = path.join(dir, 'whole.paycycle')
    const named = {
      ...source,
      employees: source.employees.map((e, i) => (i === 3 ? { ...e, name: 'Łucja Wiśniewska-Nuñez' } : e)),
    }
    const summary = await joinCompany(accountSending(download(named, 42), 7), sessionJoinSteps(desktop), file)
    expect(summary).toMatchObject({ companyName: 'Join Co', employees: 60, path: file })
    const replica = readCompanySnapshot(desktop.workbook!)
    for (const part of ['payCycles', 'payRanges', 'jobProfiles', 'teams', 'employees', 'rewards'] as const)
      expect(replica[part], part).toEqual(named[part])
    expect(replica.employees[3].name).toBe('Łucja Wiśniewska-Nuñez')
    const state = desktop.workbook!.sqlite.prepare('SELECT last_seq FROM sync_state').get() as {
      last_seq: number
    }
    expect(state.last_seq).toBe(42)
    const owner = desktop.workbook!.sqlite.prepare('SELECT server_url FROM company').get() as {
      server_url: string
    }
    expect(owner.server_url).toBe('https://comp.example')
    await desktop.close()
  })

  it('employees and rewards sent as objects (the stream’s other form) are written as their values are, flags as 0 or 1', async () => {
    const desktop = session()
    const file = path.join(dir, 'objects.paycycle')
    const lines = (Object.keys(source) as SnapshotPart[]).flatMap((part) =>
      (source[part] as unknown[]).map((row) => snapshotLine(part, row)),
    )
    const text = lines.join('') + snapshotEndLine(lines.length, 5)
    await joinCompany(accountSending(text, 4096), sessionJoinSteps(desktop), file)
    const replica = readCompanySnapshot(desktop.workbook!)
    expect(replica.employees).toEqual(source.employees)
    expect(replica.rewards).toEqual(source.rewards)
    const stored = desktop
      .workbook!.sqlite.prepare(
        'SELECT (SELECT group_concat(DISTINCT salaried) FROM employee) AS salaried, (SELECT group_concat(DISTINCT promotion) FROM reward) AS promotion',
      )
      .get() as { salaried: string; promotion: string }
    expect(stored.salaried.split(',').sort()).toEqual(['0', '1'])
    expect(stored.promotion.split(',').every((v) => v === '0' || v === '1')).toBe(true)
    await desktop.close()
  })

  it('each chunk written tells the welcome screen how many rows are written so far', async () => {
    const desktop = session()
    const steps = sessionJoinSteps(desktop)
    const text = download(source, 8)
    const rows = Object.values(source).reduce((sum, part) => sum + part.length, 0)
    progress.length = 0
    await steps.begin(path.join(dir, 'progress.paycycle'), company)
    const bytes = new TextEncoder().encode(text)
    const size = Math.ceil(bytes.length / 10)
    for (let at = 0; at < bytes.length; at += size) await steps.bytes(bytes.slice(at, at + size))
    await steps.end()
    const joined = progress.filter((p) => p.task === 'join').map((p) => p.done)
    expect(joined).toHaveLength(10)
    expect(joined[0]).toBeGreaterThan(0)
    expect(joined).toEqual([...joined].sort((a, b) => a - b))
    expect(joined.at(-1)).toBe(rows)
    expect(progress.at(-1)?.message).toBe(`${rows.toLocaleString('en-US')} rows written`)
    await desktop.close()
  })

  it('a damaged row halfway is refused with the server named, and no file is left behind', async () => {
    const desktop = session()
    const file = path.join(dir, 'damaged.paycycle')
    const text = download(source, 5, (line, n) =>
      n === 100 ? line.replace(/^\["(\w+)",/, '["$1", 7, ') : line,
    )
    await expect(joinCompany(accountSending(text, 4096), sessionJoinSteps(desktop), file)).rejects.toThrow(
      /^The company server sent a damaged company: line 101 /,
    )
    expect(leftovers(file)).toEqual([])
    expect(desktop.workbook).toBeNull()
  })

  it('an employee row sent as its values with a value out of its column’s rule is refused in zod’s words, naming the field', async () => {
    const desktop = session()
    const file = path.join(dir, 'negative.paycycle')
    const salary = snapshotColumns('employees').indexOf('current_salary')
    const text = download(source, 5, (line) => {
      if (!line.startsWith('["employees",[2,')) return line
      const [part, values] = JSON.parse(line) as [string, unknown[]]
      values[salary] = -100
      return `${JSON.stringify([part, values])}\n`
    })
    await expect(joinCompany(accountSending(text, 4096), sessionJoinSteps(desktop), file)).rejects.toThrow(
      /^The company server sent a damaged company: line \d+ \(employees\): current_salary: Too small/,
    )
    expect(leftovers(file)).toEqual([])
  })

  it('a download cut short is refused: "the download stopped before its end", nothing kept', async () => {
    const desktop = session()
    const file = path.join(dir, 'short.paycycle')
    const whole = download(source, 5)
    const text = whole.slice(0, whole.lastIndexOf('["end"'))
    await expect(joinCompany(accountSending(text, 4096), sessionJoinSteps(desktop), file)).rejects.toThrow(
      'The company server sent a damaged company: the download stopped before its end.',
    )
    expect(leftovers(file)).toEqual([])
  })

  it('a network failure during the download removes the new file; the same path can be joined again', async () => {
    const desktop = session()
    const file = path.join(dir, 'again.paycycle')
    const text = download(source, 9)
    await expect(
      joinCompany(accountSending(text, 1000, 5000), sessionJoinSteps(desktop), file),
    ).rejects.toThrow('The company server cannot be reached.')
    expect(leftovers(file)).toEqual([])
    const summary = await joinCompany(accountSending(text, 1000), sessionJoinSteps(desktop), file)
    expect(summary.employees).toBe(60)
    await desktop.close()
  })

  it('a path that already holds a file is refused while the download starts, and the file is left as it was', async () => {
    const desktop = session()
    const file = path.join(dir, 'taken.paycycle')
    fs.writeFileSync(file, 'my own notes')
    await expect(
      joinCompany(accountSending(download(source, 3), 512), sessionJoinSteps(desktop), file),
    ).rejects.toThrow(`${file} already exists. Open it, or choose another name.`)
    expect(fs.readFileSync(file, 'utf8')).toBe('my own notes')
    expect(leftovers(file)).toEqual([''])
  })
})
