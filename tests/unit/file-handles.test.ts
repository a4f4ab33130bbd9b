import fs from 'node:fs'
import path from 'node:path'
import type { z } from 'zod'
import {
  contract,
  FILE_FIELDS,
  filePath,
  FOLDER_FIELD_CHANNELS,
  notAHandleMessage,
  isShellOnlyChannel,
  ok,
  type FilePurpose,
  type PickedFile,
  type RecentFile,
  type Result,
} from '../../src-shared/contract'
import type { BackendClient } from '../../src-main/backend/client'
import { FileHandles, withFileHandles } from '../../src-main/services/file-handles'
import { browserFileFor } from '../../src-main/services/browser-files'
import { tempDir } from '../support/temp'

/** Every field of a channel's input, nested ones as `a.b`, with its schema. */
function fields(schema: z.ZodType, prefix = ''): [string, z.ZodType][] {
  const def = (schema as unknown as { def: Record<string, unknown> & { type: string } }).def
  if (def.type === 'object')
    return Object.entries((schema as z.ZodObject).shape).flatMap(([key, inner]) => [
      [`${prefix}${key}`, inner as z.ZodType] as [string, z.ZodType],
      ...fields(inner as z.ZodType, `${prefix}${key}.`),
    ])
  const inner = ['innerType', 'element', 'in', 'out'].flatMap((key) =>
    def[key] ? fields(def[key] as z.ZodType, prefix) : [],
  )
  const options = def.type === 'union' ? (def.options as z.ZodType[]).flatMap((o) => fields(o, prefix)) : []
  return [...inner, ...options]
}

const FILE_WORDS = new Set(['path', 'file', 'filename', 'folder', 'dir', 'directory'])
/** A field names a file when it is the contract's file schema or a word of its name says so. */
function namesAFile(field: string, schema: z.ZodType): boolean {
  const last = field.split('.').at(-1) ?? field
  const words = last
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[\s_]+/)
  return schema === filePath || words.some((word) => FILE_WORDS.has(word))
}

const fileFields = Object.entries(FILE_FIELDS).flatMap(([channel, map]) =>
  Object.entries(map as Record<string, FilePurpose>).map(([field, purpose]) => ({ channel, field, purpose })),
)

function recordingBackend() {
  const calls: { channel: string; input: unknown }[] = []
  const backend: BackendClient = {
    async invoke(channel, input): Promise<Result<unknown>> {
      calls.push({ channel, input })
      if (channel === 'workbook.recent')
        return ok([
          {
            path: '/home/ana/Acme.paycycle',
            handle: null,
            fileName: 'Acme.paycycle',
            openedAt: '',
            exists: true,
          },
        ] satisfies RecentFile[])
      return ok('done')
    },
    invokeEncoded: async () => new Uint8Array(),
    onEvent: () => () => undefined,
    stop: async () => undefined,
  }
  return { calls, backend }
}

describe('files by handle only (issue 20 R5): the renderer never names a file by its path', () => {
  it('lists every channel field a window may send that names a file, so a new one without handles fails here', () => {
    const found = Object.entries(contract)
      .filter(([channel]) => !isShellOnlyChannel(channel))
      .flatMap(([channel, { input }]) =>
        fields(input as z.ZodType)
          .filter(([field, schema]) => namesAFile(field, schema))
          .map(([field]) => `${channel} ${field}`),
      )
    expect(found.sort()).toEqual(
      [
        ...fileFields.map(({ channel, field }) => `${channel} ${field}`),
        ...FOLDER_FIELD_CHANNELS.map((channel) => `${channel} folder`),
      ].sort(),
    )
  })

  it.each(FOLDER_FIELD_CHANNELS)(
    '%s takes a folder only as a folder handle from workbook.browse',
    async (channel) => {
      const { calls, backend } = recordingBackend()
      const files = new FileHandles()
      const gate = withFileHandles(backend, files, async () => null)
      const notAFolder = files.issue('/home/ana/file.paycycle', 'open').handle
      for (const folder of ['/etc', '../..', 'fh_0123', notAFolder]) {
        expect(await gate.invoke(channel, { purpose: 'create', name: 'x', folder })).toEqual({
          ok: false,
          error: { code: 'FORBIDDEN', message: notAHandleMessage(channel, 'folder') },
        })
      }
      expect(calls).toEqual([])
    },
  )

  it.each(fileFields)('$channel refuses a typed path in $field, before the worker sees it', async (entry) => {
    const { calls, backend } = recordingBackend()
    const gate = withFileHandles(backend, new FileHandles(), async () => null)
    for (const typed of ['/tmp/x/../outside.csv', '/etc/passwd', 'relative.csv', 'fh_0123']) {
      const result = await gate.invoke(entry.channel, { [entry.field]: typed, importId: 'i' })
      expect(result).toEqual({
        ok: false,
        error: {
          code: 'FORBIDDEN',
          message: `${entry.channel} refused ${entry.field}: Meritbook takes files only as chosen in Meritbook (a file dialog, an upload or a recent file), never a typed path.`,
        },
      })
    }
    expect(calls).toEqual([])
  })

  it.each(fileFields)(
    '$channel takes a handle chosen for its purpose and passes the path on',
    async (entry) => {
      const { calls, backend } = recordingBackend()
      const files = new FileHandles()
      const gate = withFileHandles(backend, files, async () => null)
      const other = files.issue('/home/ana/other', entry.purpose === 'open' ? 'exportCsv' : 'open')
      expect((await gate.invoke(entry.channel, { [entry.field]: other.handle })).ok).toBe(false)
      const chosen = files.issue('/home/ana/chosen', entry.purpose)
      expect(await gate.invoke(entry.channel, { [entry.field]: chosen.handle, extra: 1 })).toEqual(ok('done'))
      expect(calls).toEqual([
        { channel: entry.channel, input: { [entry.field]: '/home/ana/chosen', extra: 1 } },
      ])
    },
  )

  it("issues a handle for the shell's choice, and none when the dialog is cancelled", async () => {
    const { backend } = recordingBackend()
    const files = new FileHandles()
    const asked: [FilePurpose, string | undefined][] = []
    const gate = withFileHandles(backend, files, async (purpose, name) => {
      asked.push([purpose, name])
      return name === 'cancel' ? null : '/srv/files/Acme.paycycle'
    })
    const picked = await gate.invoke('workbook.pickFile', { purpose: 'create', name: 'Acme' })
    expect(picked.ok).toBe(true)
    const file = (picked as { value: PickedFile }).value
    expect(file).toEqual({ handle: file.handle, name: 'Acme.paycycle', path: '/srv/files/Acme.paycycle' })
    expect(files.resolve(file.handle, 'create')).toBe('/srv/files/Acme.paycycle')
    expect(await gate.invoke('workbook.pickFile', { purpose: 'open', name: 'cancel' })).toEqual(ok(null))
    expect(asked).toEqual([
      ['create', 'Acme'],
      ['open', 'cancel'],
    ])
  })

  it('gives each recent file a handle to open it with', async () => {
    const { calls, backend } = recordingBackend()
    const files = new FileHandles()
    const gate = withFileHandles(backend, files, async () => null)
    const recent = await gate.invoke('workbook.recent', {})
    const [file] = (recent as { value: RecentFile[] }).value
    expect(files.resolve(file.handle, 'open')).toBe('/home/ana/Acme.paycycle')
    await gate.invoke('workbook.open', { path: file.handle })
    expect(calls.at(-1)).toEqual({ channel: 'workbook.open', input: { path: '/home/ana/Acme.paycycle' } })
  })

  it('passes every other channel through untouched', async () => {
    const { calls, backend } = recordingBackend()
    const gate = withFileHandles(backend, new FileHandles(), async () => null)
    await gate.invoke('table.query', { path: '/etc/passwd' })
    expect(calls).toEqual([{ channel: 'table.query', input: { path: '/etc/passwd' } }])
  })
})

describe("browser mode's files folder (no dialogs)", () => {
  const dataDir = tempDir()
  const folder = path.join(dataDir, 'files')

  it('saves what the user names inside the folder, never elsewhere', () => {
    const now = new Date(2026, 10, 25, 9, 5)
    expect(browserFileFor(dataDir, 'create', 'Acme 2026', now)).toBe(path.join(folder, 'Acme 2026.paycycle'))
    expect(browserFileFor(dataDir, 'create', '../../etc/cron.d/x', now)).toBe(path.join(folder, 'x.paycycle'))
    expect(browserFileFor(dataDir, 'create', '..', now)).toBe(path.join(folder, 'Workbook.paycycle'))
    expect(browserFileFor(dataDir, 'exportCsv', 'C:\\Users\\ana\\out', now)).toBe(
      path.join(folder, 'out.csv'),
    )
    expect(browserFileFor(dataDir, 'statementsFolder', undefined, now)).toBe(
      path.join(folder, 'Statements 2026-11-25 09.05'),
    )
    expect(fs.statSync(folder).isDirectory()).toBe(true)
  })

  it('has no file to open or import: those come from Open…, recent files and uploads', () => {
    expect(() => browserFileFor(dataDir, 'open', 'x')).toThrow(
      'In browser mode, choose the workbook or folder with Open… (or open a recent file).',
    )
    expect(() => browserFileFor(dataDir, 'importCsv', 'x')).toThrow("with the browser's file picker")
  })
})
