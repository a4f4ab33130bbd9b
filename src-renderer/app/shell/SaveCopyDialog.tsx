import { useState, type FormEvent } from 'react'
import { invoke } from '../client'
import { useAppSelector } from '../hooks'
import { selectFilesFolder, selectNativeDialogs, selectWorkbook } from '../session-slice'
import { Modal } from '../../components/dialog/Modal'
import { useToast } from '../../components/toast'

/** The file name a copy is offered under: the workbook's own, with " copy". */
export function copyNameOf(workbookPath: string): string {
  const name = workbookPath.split(/[\\/]/).pop() ?? 'Workbook.paycycle'
  return `${name.replace(/\.paycycle$/i, '')} copy`
}

/**
 * Save a copy… (issue 35): the open workbook written whole to another file, chosen with the file
 * picker (Electron's save dialog; browser mode's files folder, under the name typed here), then the
 * current workbook kept open or the copy opened, as the user chose.
 */
export function SaveCopyDialog({ onClose }: { onClose: () => void }) {
  const toast = useToast()
  const workbook = useAppSelector(selectWorkbook)
  const nativeDialogs = useAppSelector(selectNativeDialogs)
  const filesFolder = useAppSelector(selectFilesFolder)
  const [name, setName] = useState(() => copyNameOf(workbook?.path ?? ''))
  const [openCopy, setOpenCopy] = useState(false)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)

  async function save(event?: FormEvent) {
    event?.preventDefault()
    if (busy) return
    if (!nativeDialogs && name.trim() === '') return setError('Give the copy a file name.')
    setBusy(true)
    setError(null)
    try {
      const picked = await invoke('workbook.pickFile', {
        purpose: 'saveCopy',
        name: `${name.trim()}.paycycle`,
      })
      if (!picked.ok) return setError(picked.error.message)
      if (!picked.value) return
      // Electron's save dialog has asked before replacing a file; browser mode never replaces one.
      const saved = await invoke('workbook.saveCopy', {
        path: picked.value.handle,
        open: openCopy,
        replace: nativeDialogs,
      })
      if (!saved.ok) return setError(saved.error.message)
      toast.success(
        openCopy
          ? `Saved a copy as ${saved.value.path}; it is the workbook open now.`
          : `Saved a copy as ${saved.value.path}.`,
      )
      onClose()
    } finally {
      setBusy(false)
    }
  }

  return (
    <Modal
      title="Save a copy"
      closing={false}
      onDismiss={onClose}
      footer={
        <>
          <button type="button" className="button" onClick={onClose}>
            Cancel
          </button>
          <button
            type="button"
            className="button button--primary"
            onClick={() => void save()}
            disabled={busy}
            data-testid="save-copy-submit"
          >
            {nativeDialogs ? 'Choose where…' : 'Save copy'}
          </button>
        </>
      }
    >
      <form
        className="save-copy"
        noValidate
        onSubmit={(event) => void save(event)}
        data-testid="save-copy-form"
      >
        <p>
          The whole workbook, as it is now, in one file you can send or keep. {workbook?.companyName} stays
          open here unless you open the copy.
        </p>
        {!nativeDialogs && (
          <label>
            File name
            <input
              value={name}
              onChange={(event) => setName(event.target.value)}
              data-testid="save-copy-name"
              data-autofocus
            />
          </label>
        )}
        {!nativeDialogs && filesFolder && <p className="muted">Saved in {filesFolder}</p>}
        <fieldset className="save-copy__then">
          <legend>Then</legend>
          <label>
            <input type="radio" name="then" checked={!openCopy} onChange={() => setOpenCopy(false)} />
            Keep working in this workbook
          </label>
          <label>
            <input
              type="radio"
              name="then"
              checked={openCopy}
              onChange={() => setOpenCopy(true)}
              data-testid="save-copy-open"
            />
            Open the copy
          </label>
        </fieldset>
        {error && (
          <p className="save-copy__error" role="alert" data-testid="save-copy-error">
            {error}
          </p>
        )}
        <button type="submit" hidden />
      </form>
    </Modal>
  )
}
