import { useCallback, useEffect, useState } from 'react'
import type { FolderListing } from '../../../src-shared/contract'
import { invoke } from '../../app/client'
import { Modal } from '../../components/dialog/Modal'

interface Props {
  /** 'open': pick a workbook; 'folder': pick the folder a new workbook goes in. */
  mode: 'open' | 'folder'
  onOpen?: (handle: string) => void
  onFolder?: (folder: { handle: string; path: string }) => void
  onClose: () => void
}

/**
 * Browser mode's Open… and New…'s folder (issue 35): the folders of this computer as main lists
 * them (`workbook.browse`), each by a handle; the page never names a path.
 */
export function FolderBrowserDialog({ mode, onOpen, onFolder, onClose }: Props) {
  const [listing, setListing] = useState<FolderListing | null>(null)
  const [error, setError] = useState<string | null>(null)

  const browse = useCallback(async (folder?: string) => {
    const result = await invoke('workbook.browse', folder === undefined ? {} : { folder })
    if (result.ok) {
      setListing(result.value)
      setError(null)
    } else setError(result.error.message)
  }, [])

  useEffect(() => {
    void browse()
  }, [browse])

  return (
    <Modal
      title={mode === 'open' ? 'Open a workbook' : 'Choose a folder'}
      closing={false}
      onDismiss={onClose}
      footer={
        <>
          <button type="button" className="button" onClick={onClose}>
            Cancel
          </button>
          {mode === 'folder' && (
            <button
              type="button"
              className="button button--primary"
              disabled={!listing}
              data-testid="browse-use-folder"
              onClick={() => listing && onFolder?.({ handle: listing.handle, path: listing.path })}
            >
              Use this folder
            </button>
          )}
        </>
      }
    >
      <div className="folder-browser" data-testid="folder-browser">
        <div className="folder-browser__places">
          {listing?.places.map((place) => (
            <button
              key={place.name}
              type="button"
              className="button"
              onClick={() => void browse(place.handle)}
            >
              {place.name}
            </button>
          ))}
          <button
            type="button"
            className="button"
            disabled={!listing?.parent}
            onClick={() => listing?.parent && void browse(listing.parent)}
          >
            Up
          </button>
        </div>
        <p className="folder-browser__path" data-testid="browse-path">
          {listing?.path ?? 'Loading…'}
        </p>
        {error && (
          <p className="save-copy__error" role="alert">
            {error}
          </p>
        )}
        <ul className="folder-browser__entries">
          {listing?.entries.map((entry) => (
            <li key={entry.handle}>
              <button
                type="button"
                className="folder-browser__entry"
                data-kind={entry.kind}
                disabled={entry.kind === 'workbook' && mode !== 'open'}
                onClick={() => (entry.kind === 'folder' ? void browse(entry.handle) : onOpen?.(entry.handle))}
              >
                {entry.kind === 'folder' ? `${entry.name}/` : entry.name}
              </button>
            </li>
          ))}
          {listing && listing.entries.length === 0 && (
            <li className="muted">No folders or workbooks here.</li>
          )}
        </ul>
        {listing && listing.more > 0 && (
          <p className="muted">{listing.more.toLocaleString('en-US')} more not shown.</p>
        )}
      </div>
    </Modal>
  )
}
