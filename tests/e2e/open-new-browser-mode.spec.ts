import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { expect, test } from '@playwright/test'
import type { FolderListing, PickedFile, Result, WorkbookSummary } from '../../src-shared/contract'
import { startApp, type RunningApp } from './support/app'

// Issue 35: Open… and New… in browser mode. Main lists the folders (`workbook.browse`), each
// subfolder and workbook by a handle; the page never names a path. Driven by the page's own calls
// over browser mode's HTTP API (its secret in the header), so no browser is needed.

async function call<T>(app: RunningApp, channel: string, input: unknown = {}): Promise<Result<T>> {
  const response = await fetch(`${app.origin}/api/invoke/${channel}`, {
    method: 'POST',
    headers: { 'x-meritbook-token': new URL(app.url).searchParams.get('token') ?? '' },
    body: JSON.stringify(input),
  })
  return (await response.json()) as Result<T>
}

async function api<T>(app: RunningApp, channel: string, input: unknown = {}): Promise<T> {
  const result = await call<T>(app, channel, input)
  if (!result.ok) throw new Error(`${channel}: ${result.error.message}`)
  return result.value
}

test.describe('browser mode: Open… and New… through folders main lists', () => {
  let dataDir: string
  let app: RunningApp | null = null
  test.beforeEach(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'meritbook-browse-'))
  })
  test.afterEach(async () => {
    await app?.stop()
    app = null
    fs.rmSync(dataDir, { recursive: true, force: true })
  })

  test('Open… finds a workbook in a folder by handles, and New… creates one in a chosen folder', async () => {
    app = await startApp(['--demo'], dataDir)
    const elsewhere = path.join(dataDir, 'files', 'Elsewhere')
    fs.mkdirSync(elsewhere, { recursive: true })
    fs.mkdirSync(path.join(dataDir, 'files', '.hidden'))

    const home = await api<FolderListing>(app, 'workbook.browse')
    expect(home.path).toBe(os.homedir())
    const filesPlace = home.places.find((place) => place.name === 'Meritbook files')
    expect(filesPlace).toBeDefined()
    const files = await api<FolderListing>(app, 'workbook.browse', { folder: filesPlace?.handle })
    expect(files.path).toBe(path.join(dataDir, 'files'))
    expect(files.entries.map(({ name, kind }) => ({ name, kind }))).toEqual([
      { name: 'Elsewhere', kind: 'folder' },
    ])
    const up = await api<FolderListing>(app, 'workbook.browse', { folder: files.parent })
    expect(up.path).toBe(dataDir)
    const demo = up.entries.find((entry) => entry.name === 'Demo Company.paycycle')
    expect(demo?.kind).toBe('workbook')

    // New… in Elsewhere: the folder's handle, never its path.
    const into = files.entries[0].handle
    const picked = await api<PickedFile>(app, 'workbook.pickFile', {
      purpose: 'create',
      name: 'Acme',
      folder: into,
    })
    expect(picked.path).toBe(path.join(elsewhere, 'Acme.paycycle'))
    const created = await api<WorkbookSummary>(app, 'workbook.create', {
      path: picked.handle,
      companyName: 'Acme',
      ownerName: 'Ada Owner',
      ownerEmail: 'ada@acme.test',
    })
    expect(created.path).toBe(path.join(elsewhere, 'Acme.paycycle'))

    // Open… the demo again from its entry's handle.
    const opened = await api<WorkbookSummary>(app, 'workbook.open', { path: demo?.handle })
    expect(opened.path).toBe(path.join(dataDir, 'Demo Company.paycycle'))
    expect(opened.demo).toBe(true)

    // A typed folder, or a workbook's handle given as a folder, is refused.
    for (const folder of [elsewhere, demo?.handle]) {
      const refused = await call(app, 'workbook.browse', { folder })
      expect(refused).toMatchObject({ ok: false, error: { code: 'FORBIDDEN' } })
      const pick = await call(app, 'workbook.pickFile', { purpose: 'create', name: 'x', folder })
      expect(pick).toMatchObject({ ok: false, error: { code: 'FORBIDDEN' } })
    }
  })
})
