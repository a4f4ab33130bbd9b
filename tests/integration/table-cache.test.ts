import path from 'node:path'
import { TableCache } from '../../src-main/services/table/cache'
import { openWorkbook, type Workbook } from '../../src-main/workbook/open'
import { cli } from '../support/cli'
import { tempDir } from '../support/temp'

/**
 * The session's table model cache (mutation testing, issue 20): built once per open workbook, built
 * again for another workbook or after `invalidate`, and a build that a change overtook is answered
 * but not kept.
 */
const dir = tempDir()
const demoFile = path.join(dir, 'cache.paycycle')
const emptyFile = path.join(dir, 'empty.paycycle')
let demo: Workbook
let other: Workbook
let empty: Workbook

beforeAll(async () => {
  expect((await cli('new', demoFile, '--demo', '30', '--seed', '3')).code).toBe(0)
  expect((await cli('new', emptyFile)).code).toBe(0)
  const writable = await openWorkbook(emptyFile)
  await writable.db.deleteFrom('pay_cycle').execute()
  await writable.close()
  demo = await openWorkbook(demoFile, { readonly: true })
  other = await openWorkbook(demoFile, { readonly: true })
  empty = await openWorkbook(emptyFile, { readonly: true })
})

afterAll(async () => {
  await Promise.all([demo.close(), other.close(), empty.close()])
})

describe('TableCache', () => {
  it('builds the model on first use and answers the same one while the workbook stays open', async () => {
    const cache = new TableCache()
    expect(cache.peek(demo)).toBeNull()
    const model = await cache.get(demo)
    expect(model.rows).toHaveLength(30)
    expect(cache.peek(demo)).toBe(model)
    expect(await cache.get(demo)).toBe(model)
    // The first column is ranked while building.
    expect(model.queries?.textRanksOf('employeeName', () => new Float64Array(0))).toHaveLength(30)
  })

  it('builds again for another workbook, and keeps only the last one', async () => {
    const cache = new TableCache()
    const first = await cache.get(demo)
    expect(cache.peek(other)).toBeNull()
    const second = await cache.get(other)
    expect(second).not.toBe(first)
    expect(cache.peek(other)).toBe(second)
    expect(cache.peek(demo)).toBeNull()
    expect(await cache.get(demo)).not.toBe(first)
  })

  it('invalidate drops the model; the next use builds a new one', async () => {
    const cache = new TableCache()
    const first = await cache.get(demo)
    cache.invalidate()
    expect(cache.peek(demo)).toBeNull()
    const second = await cache.get(demo)
    expect(second).not.toBe(first)
    expect(cache.peek(demo)).toBe(second)
  })

  it('update changes the built model in place, and only for its own workbook', async () => {
    const cache = new TableCache()
    const model = await cache.get(demo)
    const seen: unknown[] = []
    cache.update(other, (m) => seen.push(m))
    expect(seen).toEqual([])
    cache.update(demo, (m) => seen.push(m))
    expect(seen).toEqual([model])
    expect(cache.peek(demo)).toBe(model)
    // Nothing built yet: nothing to change.
    const fresh = new TableCache()
    fresh.update(demo, (m) => seen.push(m))
    expect(seen).toHaveLength(1)
  })

  it('a build overtaken by a change or an invalidation is answered but not kept', async () => {
    const cache = new TableCache()
    const building = cache.get(demo)
    cache.update(demo, () => undefined)
    const overtaken = await building
    expect(overtaken.rows).toHaveLength(30)
    expect(cache.peek(demo)).toBeNull()
    const again = cache.get(demo)
    cache.invalidate()
    await again
    expect(cache.peek(demo)).toBeNull()
    const kept = await cache.get(demo)
    expect(kept).not.toBe(overtaken)
    expect(cache.peek(demo)).toBe(kept)
  })

  it('of two builds around a change, only the later one is kept', async () => {
    for (const change of [
      (cache: TableCache) => cache.update(demo, () => undefined),
      (cache: TableCache) => cache.invalidate(),
    ]) {
      const cache = new TableCache()
      const early = cache.get(demo)
      change(cache)
      const late = cache.get(demo)
      await early
      expect(cache.peek(demo)).toBeNull()
      const kept = await late
      expect(cache.peek(demo)).toBe(kept)
      expect(kept).not.toBe(await early)
    }
  })

  it('refuses a workbook without a current pay cycle', async () => {
    const cache = new TableCache()
    await expect(cache.get(empty)).rejects.toMatchObject({
      code: 'NOT_FOUND',
      message: 'No pay cycle configuration is set up.',
    })
    expect(cache.peek(empty)).toBeNull()
  })
})
