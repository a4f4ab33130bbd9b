/**
 * Files the renderer names. The renderer is untrusted: it never names a file by its path, only by an
 * opaque handle that the shell issued for a file the user chose (a native dialog, browser mode's
 * upload or save folder, this session's recent files). The shell resolves handles before a request
 * reaches the workbook worker (src-main/services/file-handles.ts); the CLI, whose user typed the
 * paths, calls the worker with paths.
 */

/** What a file was chosen for; a handle is accepted only where its purpose is asked for. */
export const FILE_PURPOSES = [
  'open',
  'create',
  'saveCopy',
  'importCsv',
  'exportCsv',
  'statementsFolder',
  'folder',
] as const
export type FilePurpose = (typeof FILE_PURPOSES)[number]

/**
 * Every channel field that names a file or folder on this machine, with the purpose its handle must
 * have. From the renderer, these fields carry a handle; a path there is refused. Shell-only channels
 * (`workbook.join`'s path) are not here: no window may call them at all.
 */
export const FILE_FIELDS = {
  'workbook.create': { path: 'create' },
  'workbook.open': { path: 'open' },
  'workbook.saveCopy': { path: 'saveCopy' },
  'server.join': { path: 'create' },
  'import.start': { path: 'importCsv' },
  'import.append': { path: 'importCsv' },
  'company.export': { path: 'exportCsv' },
  'statements.generate': { folder: 'statementsFolder' },
} as const satisfies Record<string, Record<string, FilePurpose>>

export type FileChannel = keyof typeof FILE_FIELDS

/**
 * The shell answers these itself (services/file-handles.ts); their optional `folder` is a 'folder'
 * handle from `workbook.browse`, never a path.
 */
export const FOLDER_FIELD_CHANNELS = ['workbook.pickFile', 'workbook.browse'] as const

/** A file the user chose: its handle for the channels, its name and where it is, to show. */
export interface PickedFile {
  handle: string
  name: string
  path: string
}

/** A folder as `workbook.browse` shows it: its subfolders and workbooks, each by a handle. */
export interface FolderListing {
  name: string
  path: string
  /** The folder's own handle ('folder'): for `workbook.pickFile`'s `folder` (New… there). */
  handle: string
  /** The folder above, null at the top. */
  parent: string | null
  /** Folders first, then workbooks ('open' handles), by name. */
  entries: { name: string; kind: 'folder' | 'workbook'; handle: string }[]
  /** Entries left out past the first thousand. */
  more: number
  /** Where to jump: the home folder, and browser mode's files folder. */
  places: { name: string; handle: string }[]
}

/** Handles look like this; anything else in a file field is a path (or garbage) and is refused. */
export const FILE_HANDLE_PATTERN = /^fh_[0-9a-f]{32}$/

export function isFileHandle(value: unknown): value is string {
  return typeof value === 'string' && FILE_HANDLE_PATTERN.test(value)
}

/** The refusal for anything in a file field that is not a handle issued for its purpose. */
export function notAHandleMessage(channel: string, field: string): string {
  return `${channel} refused ${field}: Meritbook takes files only as chosen in Meritbook (a file dialog, an upload or a recent file), never a typed path.`
}
