import { useId, useState, type FormEvent } from 'react'

interface Props {
  busy: boolean
  onOpen: (path: string) => void
}

/** Browser mode has no file dialog: the path of a `.paycycle` file is typed instead. */
export function OpenFileForm({ busy, onOpen }: Props) {
  const id = useId()
  const [path, setPath] = useState('')

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (path.trim() !== '') onOpen(path.trim())
  }

  return (
    <form className="form form--inline" onSubmit={submit} aria-label="Open a file">
      <label htmlFor={id}>Path of a .paycycle file</label>
      <div className="form__row">
        <input
          id={id}
          type="text"
          value={path}
          placeholder="/home/you/Documents/Acme 2025.paycycle"
          autoComplete="off"
          spellCheck={false}
          data-testid="welcome-open-path"
          onChange={(event) => setPath(event.target.value)}
        />
        <button
          type="submit"
          className="button"
          disabled={busy || path.trim() === ''}
          data-testid="welcome-open"
        >
          {busy ? 'Opening…' : 'Open'}
        </button>
      </div>
    </form>
  )
}
