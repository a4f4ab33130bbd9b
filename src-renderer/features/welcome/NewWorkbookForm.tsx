import { useId, useState, type FormEvent } from 'react'
import { contract, type ChannelInput, type PickedFile } from '../../../src-shared/contract'
import { FolderBrowserDialog } from './FolderBrowserDialog'

type CreateInput = ChannelInput<'workbook.create'>
type Field = keyof CreateInput
type Owner = Omit<CreateInput, 'path'>

const OWNER_FIELDS: { name: keyof Owner; label: string; type: string; autoComplete: string }[] = [
  { name: 'companyName', label: 'Company name', type: 'text', autoComplete: 'organization' },
  { name: 'ownerName', label: 'Your name', type: 'text', autoComplete: 'name' },
  { name: 'ownerEmail', label: 'Your email', type: 'email', autoComplete: 'email' },
]

interface Props {
  busy: boolean
  /** Electron: the save dialog chooses the file; browser mode: a name, saved in `filesFolder`. */
  nativeDialogs: boolean
  filesFolder: string | null
  /** Where the workbook goes (a handle): the dialog, or `name` in the files folder or in `folder`. */
  onPick: (name?: string, folder?: string) => Promise<PickedFile | null>
  onCreate: (input: CreateInput) => Promise<boolean>
  onCancel: () => void
}

/** A new, empty workbook: where to save it and who owns it. Checked with the contract's own schema. */
export function NewWorkbookForm({ busy, nativeDialogs, filesFolder, onPick, onCreate, onCancel }: Props) {
  const id = useId()
  const [owner, setOwner] = useState<Owner>({ companyName: '', ownerName: '', ownerEmail: '' })
  const [fileName, setFileName] = useState('')
  const [picked, setPicked] = useState<PickedFile | null>(null)
  const [folder, setFolder] = useState<{ handle: string; path: string } | null>(null)
  const [browsing, setBrowsing] = useState(false)
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({})

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const next: Partial<Record<Field, string>> = {}
    if (nativeDialogs && !picked) next.path = 'Choose where to save the workbook.'
    if (!nativeDialogs && fileName.trim() === '') next.path = 'A file name is required.'
    // The handle is only asked for once the rest is valid (browser mode's pick names the file).
    const parsed = contract['workbook.create'].input.safeParse({ ...owner, path: 'chosen below' })
    if (!parsed.success)
      for (const issue of parsed.error.issues) {
        const field = issue.path[0]
        if (typeof field === 'string' && field in owner) next[field as Field] ??= issue.message
      }
    setErrors(next)
    if (Object.keys(next).length > 0 || !parsed.success) return
    const file = nativeDialogs ? picked : await onPick(fileName.trim(), folder?.handle)
    if (file) await onCreate({ ...parsed.data, path: file.handle })
  }

  async function choose() {
    const file = await onPick()
    if (file) setPicked(file)
  }

  const pathId = `${id}-path`
  const pathError = errors.path
  return (
    <form
      className="form"
      onSubmit={(event) => void submit(event)}
      noValidate
      aria-label="New workbook"
      data-testid="new-workbook-form"
    >
      <div className="form__field">
        <label htmlFor={pathId}>{nativeDialogs ? 'File' : 'File name'}</label>
        <div className="form__row">
          <input
            id={pathId}
            name="path"
            type="text"
            autoComplete="off"
            readOnly={nativeDialogs}
            placeholder={nativeDialogs ? 'Choose where to save it' : 'Acme 2025'}
            value={nativeDialogs ? (picked?.path ?? '') : fileName}
            aria-invalid={pathError ? true : undefined}
            aria-describedby={pathError ? `${pathId}-error` : undefined}
            data-testid="new-workbook-path"
            onChange={(event) => setFileName(event.target.value)}
          />
          {nativeDialogs && (
            <button type="button" className="button" onClick={() => void choose()} disabled={busy}>
              Choose…
            </button>
          )}
        </div>
        {!nativeDialogs && (
          <p className="muted" data-testid="new-workbook-folder">
            Saved in {folder?.path ?? filesFolder}{' '}
            <button type="button" className="button" onClick={() => setBrowsing(true)} disabled={busy}>
              Choose folder…
            </button>
          </p>
        )}
        {browsing && (
          <FolderBrowserDialog
            mode="folder"
            onFolder={(chosen) => {
              setFolder(chosen)
              setBrowsing(false)
            }}
            onClose={() => setBrowsing(false)}
          />
        )}
        {pathError && (
          <p className="form__error" id={`${pathId}-error`}>
            {pathError}
          </p>
        )}
      </div>
      {OWNER_FIELDS.map((field) => {
        const inputId = `${id}-${field.name}`
        const errorId = `${inputId}-error`
        const error = errors[field.name]
        return (
          <div className="form__field" key={field.name}>
            <label htmlFor={inputId}>{field.label}</label>
            <div className="form__row">
              <input
                id={inputId}
                name={field.name}
                type={field.type}
                autoComplete={field.autoComplete}
                value={owner[field.name]}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? errorId : undefined}
                data-testid={`new-workbook-${field.name}`}
                onChange={(event) => setOwner((v) => ({ ...v, [field.name]: event.target.value }))}
              />
            </div>
            {error && (
              <p className="form__error" id={errorId}>
                {error}
              </p>
            )}
          </div>
        )
      })}
      <div className="form__actions">
        <button type="button" className="button" onClick={onCancel} disabled={busy}>
          Cancel
        </button>
        <button
          type="submit"
          className="button button--primary"
          disabled={busy}
          data-testid="new-workbook-submit"
        >
          {busy ? 'Creating…' : 'Create workbook'}
        </button>
      </div>
    </form>
  )
}
