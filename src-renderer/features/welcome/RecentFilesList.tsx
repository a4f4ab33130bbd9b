import { useEffect, useState } from 'react'
import type { RecentFile } from '../../../src-shared/contract'
import { invoke } from '../../app/client'

type State =
  { status: 'loading' } | { status: 'loaded'; files: RecentFile[] } | { status: 'failed'; message: string }

interface Props {
  disabled: boolean
  /** Changing it reloads the list (after an open failed, a file may have gone). */
  refreshKey: number
  /** Called with the file's handle (the page never names a file by its path). */
  onOpen: (handle: string) => void
}

const openedFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' })

function formatOpened(iso: string): string {
  const date = new Date(iso)
  return Number.isNaN(date.getTime()) ? '' : `Opened ${openedFormat.format(date)}`
}

/** `workbook.recent`: click one to open it; files that are gone are shown disabled. */
export function RecentFilesList({ disabled, refreshKey, onOpen }: Props) {
  const [state, setState] = useState<State>({ status: 'loading' })

  useEffect(() => {
    let live = true
    void invoke('workbook.recent', {}).then((result) => {
      if (!live) return
      setState(
        result.ok
          ? { status: 'loaded', files: result.value }
          : { status: 'failed', message: result.error.message },
      )
    })
    return () => {
      live = false
    }
  }, [refreshKey])

  if (state.status === 'loading') return <p className="muted">Loading recent files…</p>
  if (state.status === 'failed') return <p className="inline-error">{state.message}</p>
  if (state.files.length === 0) return <p className="muted">No recent files yet.</p>
  return (
    <ul className="recent-list" data-testid="recent-files">
      {state.files.map((file) => (
        <li key={file.path}>
          <button
            type="button"
            className="recent"
            disabled={disabled || !file.exists || file.handle === null}
            title={file.path}
            data-testid="recent-file"
            data-exists={file.exists}
            onClick={() => file.handle && onOpen(file.handle)}
          >
            <span className="recent__name">{file.fileName}</span>
            <span className="recent__path">{file.path}</span>
            {file.exists ? (
              <span className="recent__meta">{formatOpened(file.openedAt)}</span>
            ) : (
              <span className="recent__meta recent__missing">File not found</span>
            )}
          </button>
        </li>
      ))}
    </ul>
  )
}
