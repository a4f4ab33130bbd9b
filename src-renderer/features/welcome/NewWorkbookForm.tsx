import { useId, useState, type FormEvent } from 'react'
import { contract, type ChannelInput } from '../../../src-shared/contract'

type CreateInput = ChannelInput<'workbook.create'>
type Field = keyof CreateInput

const FIELDS: { name: Field; label: string; type: string; autoComplete: string; placeholder?: string }[] = [
  {
    name: 'path',
    label: 'File path',
    type: 'text',
    autoComplete: 'off',
    placeholder: '/home/you/Documents/Acme 2025.paycycle',
  },
  { name: 'companyName', label: 'Company name', type: 'text', autoComplete: 'organization' },
  { name: 'ownerName', label: 'Your name', type: 'text', autoComplete: 'name' },
  { name: 'ownerEmail', label: 'Your email', type: 'email', autoComplete: 'email' },
]

interface Props {
  busy: boolean
  /** Electron only: fills the path from a native save dialog. */
  onPickPath: (() => Promise<string | null>) | null
  onCreate: (input: CreateInput) => Promise<boolean>
  onCancel: () => void
}

/** A new, empty workbook: where to save it and who owns it. Checked with the contract's own schema. */
export function NewWorkbookForm({ busy, onPickPath, onCreate, onCancel }: Props) {
  const id = useId()
  const [values, setValues] = useState<CreateInput>({
    path: '',
    companyName: '',
    ownerName: '',
    ownerEmail: '',
  })
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({})

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const parsed = contract['workbook.create'].input.safeParse(values)
    if (!parsed.success) {
      const next: Partial<Record<Field, string>> = {}
      for (const issue of parsed.error.issues) {
        const field = issue.path[0]
        if (typeof field === 'string' && field in values) next[field as Field] ??= issue.message
      }
      setErrors(next)
      return
    }
    setErrors({})
    await onCreate(parsed.data)
  }

  async function pickPath() {
    if (!onPickPath) return
    const path = await onPickPath()
    if (path !== null) setValues((v) => ({ ...v, path }))
  }

  return (
    <form
      className="form"
      onSubmit={(event) => void submit(event)}
      noValidate
      aria-label="New workbook"
      data-testid="new-workbook-form"
    >
      {FIELDS.map((field) => {
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
                placeholder={field.placeholder}
                value={values[field.name]}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? errorId : undefined}
                data-testid={`new-workbook-${field.name}`}
                onChange={(event) => setValues((v) => ({ ...v, [field.name]: event.target.value }))}
              />
              {field.name === 'path' && onPickPath && (
                <button type="button" className="button" onClick={() => void pickPath()} disabled={busy}>
                  Choose…
                </button>
              )}
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
