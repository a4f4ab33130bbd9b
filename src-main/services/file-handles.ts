import crypto from 'node:crypto'
import os from 'node:os'
import path from 'node:path'
import {
  contract,
  fail,
  FILE_FIELDS,
  isFileHandle,
  isShellOnlyChannel,
  notAHandleMessage,
  ok,
  shellOnlyMessage,
  type FileChannel,
  type FilePurpose,
  type FolderListing,
  type PickedFile,
  type RecentFile,
  type Result,
} from '../../src-shared/contract'
import type { BackendClient } from '../backend/client'
import { readFolder } from './browse-folders'
import { Failure } from './failure'

/**
 * This run's file handles: opaque names for files the user chose (native dialogs, browser mode's
 * uploads and files folder, recent files), each good for the purpose it was chosen for. The renderer
 * names files only by them; paths stay here, on the shell's thread.
 */
export class FileHandles {
  private readonly files = new Map<string, { path: string; purpose: FilePurpose }>()

  issue(filePath: string, purpose: FilePurpose): PickedFile {
    const handle = `fh_${crypto.randomBytes(16).toString('hex')}`
    const absolute = path.resolve(filePath)
    this.files.set(handle, { path: absolute, purpose })
    return { handle, name: path.basename(absolute), path: absolute }
  }

  /** The path behind a handle issued for `purpose`; null for anything else. */
  resolve(handle: unknown, purpose: FilePurpose): string | null {
    if (!isFileHandle(handle)) return null
    const file = this.files.get(handle)
    return file && file.purpose === purpose ? file.path : null
  }
}

const isFileChannel = (channel: string): channel is FileChannel => Object.hasOwn(FILE_FIELDS, channel)

/** The input with each file field's handle replaced by its path, or the refusal naming the field. */
export function resolveFileFields(files: FileHandles, channel: FileChannel, input: unknown): Result<unknown> {
  const fields: Record<string, FilePurpose> = FILE_FIELDS[channel]
  const resolved: Record<string, unknown> =
    typeof input === 'object' && input !== null ? { ...(input as Record<string, unknown>) } : {}
  for (const [field, purpose] of Object.entries(fields)) {
    const filePath = files.resolve(resolved[field], purpose)
    if (filePath === null) return fail('FORBIDDEN', notAHandleMessage(channel, field))
    resolved[field] = filePath
  }
  return ok(resolved)
}

/** Where the shell finds a file for a purpose: a native dialog, or browser mode's files folder. */
export type FilePicker = (
  purpose: FilePurpose,
  name: string | undefined,
  /** Browser mode: a folder the page chose with `workbook.browse`. */
  folder?: string,
) => Promise<string | null>

/** Places `workbook.browse` offers; the first is where it starts. */
export type BrowsePlaces = () => { name: string; path: string }[]

const HOME: BrowsePlaces = () => [{ name: 'Home', path: os.homedir() }]

/**
 * The backend as the renderer reaches it: shell-only channels are refused, file fields must carry
 * handles (resolved here), the file dialog issues handles, recent files carry them, and every call
 * reaches the workbook worker as the renderer's. The shells' own calls and the CLI use paths.
 */
export function withFileHandles(
  backend: BackendClient,
  files: FileHandles,
  pick: FilePicker,
  places: BrowsePlaces = HOME,
): BackendClient {
  const encoder = new TextEncoder()
  /** The folder behind an optional `folder` handle: undefined when none is sent, null when refused. */
  const folderOf = (input: unknown): string | null | undefined => {
    const folder =
      typeof input === 'object' && input !== null ? (input as { folder?: unknown }).folder : undefined
    return folder === undefined ? undefined : files.resolve(folder, 'folder')
  }

  async function pickFile(input: unknown): Promise<Result<PickedFile | null>> {
    const folder = folderOf(input)
    if (folder === null) return fail('FORBIDDEN', notAHandleMessage('workbook.pickFile', 'folder'))
    const parsed = contract['workbook.pickFile'].input.safeParse(input)
    if (!parsed.success) return fail('BAD_INPUT', 'Invalid request to workbook.pickFile.')
    try {
      const chosen = await pick(parsed.data.purpose, parsed.data.name, folder)
      return ok(chosen === null ? null : files.issue(chosen, parsed.data.purpose))
    } catch (error) {
      if (error instanceof Failure) return fail(error.code, error.message)
      throw error
    }
  }

  function browse(input: unknown): Result<FolderListing> {
    const chosen = folderOf(input)
    if (chosen === null) return fail('FORBIDDEN', notAHandleMessage('workbook.browse', 'folder'))
    if (!contract['workbook.browse'].input.safeParse(input).success)
      return fail('BAD_INPUT', 'Invalid request to workbook.browse.')
    const folder = chosen ?? places()[0].path
    try {
      const content = readFolder(folder)
      return ok({
        name: path.basename(content.path) || content.path,
        path: content.path,
        handle: files.issue(content.path, 'folder').handle,
        parent: content.parent === null ? null : files.issue(content.parent, 'folder').handle,
        entries: content.entries.map((entry) => ({
          name: entry.name,
          kind: entry.kind,
          handle: files.issue(entry.path, entry.kind === 'folder' ? 'folder' : 'open').handle,
        })),
        more: content.more,
        places: places().map((place) => ({
          name: place.name,
          handle: files.issue(place.path, 'folder').handle,
        })),
      })
    } catch (error) {
      if (error instanceof Failure) return fail(error.code, error.message)
      throw error
    }
  }

  async function invoke(channel: string, input: unknown): Promise<Result<unknown>> {
    if (isShellOnlyChannel(channel)) return fail('FORBIDDEN', shellOnlyMessage(channel))
    if (channel === 'workbook.pickFile') return pickFile(input)
    if (channel === 'workbook.browse') return browse(input)
    if (channel === 'workbook.recent') {
      const recent = await backend.invoke(channel, input, 'renderer')
      if (!recent.ok) return recent
      return ok(
        (recent.value as RecentFile[]).map((file) => ({
          ...file,
          handle: files.issue(file.path, 'open').handle,
        })),
      )
    }
    if (!isFileChannel(channel)) return backend.invoke(channel, input, 'renderer')
    const resolved = resolveFileFields(files, channel, input)
    return resolved.ok ? backend.invoke(channel, resolved.value, 'renderer') : resolved
  }

  const handledHere = (channel: string) =>
    isShellOnlyChannel(channel) ||
    channel === 'workbook.pickFile' ||
    channel === 'workbook.browse' ||
    channel === 'workbook.recent' ||
    isFileChannel(channel)

  return {
    ...backend,
    invoke,
    invokeEncoded: async (channel, input) =>
      handledHere(channel)
        ? encoder.encode(JSON.stringify(await invoke(channel, input)))
        : backend.invokeEncoded(channel, input, 'renderer'),
  }
}
