import { useEffect, useId, useState, type FormEvent } from 'react'
import type { PickedFile, ServerStatus } from '../../../src-shared/contract'
import { bridge, invoke } from '../../app/client'
import { useAppSelector } from '../../app/hooks'
import { selectFilesFolder } from '../../app/session-slice'
import { useToast } from '../../components/toast'
import { prefilled } from './prefill'

/** The token of an invitation or recovery link, pasted whole or as the token alone. */
export function linkToken(text: string): string {
  const trimmed = text.trim()
  try {
    return new URL(trimmed).searchParams.get('link') ?? trimmed
  } catch {
    return trimmed
  }
}

/**
 * 'Sign in to your company' beside opening a workbook: the company server's address, e-mail and
 * password; once signed in, join the company (a new local workbook) or sign out. Also 'Forgot
 * password' and setting a password from an invitation or recovery link.
 */
export function ServerPanel({
  onPick,
  onJoined,
}: {
  /** Where the new workbook goes (a handle): the save dialog, or browser mode's files folder. */
  onPick: (name: string) => Promise<PickedFile | null>
  onJoined: () => void
}) {
  const [status, setStatus] = useState<ServerStatus | null>(null)
  const [mode, setMode] = useState<'signIn' | 'setPassword'>('signIn')
  const [server, setServer] = useState('')
  const [email, setEmail] = useState('')
  const [password, setPassword] = useState('')
  const [link, setLink] = useState('')
  const [joinPath, setJoinPath] = useState('')
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const [notice, setNotice] = useState<string | null>(null)
  // What the join is doing, while it runs: rows written so far, or the company file being checked.
  const [joinProgress, setJoinProgress] = useState<string | null>(null)
  const toast = useToast()
  const filesFolder = useAppSelector(selectFilesFolder)
  const id = useId()

  useEffect(
    () =>
      bridge.on('task.progress', (progress) => {
        // Only while a join runs: a late event must not bring the bar back after it ended.
        if (progress.task === 'join') setJoinProgress((shown) => (shown === null ? null : progress.message))
      }),
    [],
  )

  useEffect(() => {
    void invoke('server.status', {}).then((result) => {
      if (!result.ok) return
      setStatus(result.value)
      if (!result.value.signedIn) {
        const { server: lastServer, email: lastEmail } = result.value
        setServer((typed) => prefilled(typed, lastServer))
        setEmail((typed) => prefilled(typed, lastEmail))
      }
    })
  }, [])

  async function run<T>(
    work: () => Promise<{ ok: true; value: T } | { ok: false; error: { message: string } }>,
  ) {
    setBusy(true)
    setError(null)
    setNotice(null)
    const result = await work()
    setBusy(false)
    if (!result.ok) setError(result.error.message)
    return result.ok ? { value: result.value } : null
  }

  async function signIn(event: FormEvent) {
    event.preventDefault()
    const next = await run(() => invoke('server.signIn', { server, email, password }))
    if (next) {
      setStatus(next.value)
      setPassword('')
    }
  }

  async function signOut() {
    setBusy(true)
    const result = await invoke('server.signOut', {})
    setBusy(false)
    if (!result.ok) toast.error(result.error.message)
    const after = await invoke('server.status', {})
    if (after.ok) setStatus(after.value)
  }

  if (status?.signedIn)
    return (
      <section className="panel" aria-labelledby={`${id}-title`} data-testid="server-panel">
        <h2 id={`${id}-title`}>Your company</h2>
        <p data-testid="server-signed-in">
          Signed in to <strong>{status.company}</strong> as {status.email} ({status.role}) on {status.server}.
        </p>
        <form
          className="form"
          onSubmit={(event) => {
            event.preventDefault()
            void onPick(joinPath.trim()).then(async (file) => {
              if (!file) return
              setJoinProgress('starting')
              const joined = await run(() => invoke('server.join', { path: file.handle }))
              setJoinProgress(null)
              if (joined) onJoined()
            })
          }}
        >
          <div className="form__field">
            <label htmlFor={`${id}-join`}>Save a copy of the company as</label>
            <input
              id={`${id}-join`}
              type="text"
              value={joinPath}
              placeholder="Acme.paycycle"
              onChange={(event) => setJoinPath(event.target.value)}
              data-testid="server-join-path"
            />
            {filesFolder && <p className="muted">Saved in {filesFolder}</p>}
          </div>
          {joinProgress !== null && (
            <div className="form__field" data-testid="server-join-progress">
              <progress aria-label="Company download" />
              <p className="muted" aria-live="polite">
                Downloading the company: {joinProgress}
              </p>
            </div>
          )}
          {error && (
            <p className="inline-error" role="alert" data-testid="server-error">
              {error}
            </p>
          )}
          <div className="form__row">
            <button
              type="submit"
              className="button button--primary"
              disabled={busy || !joinPath.trim()}
              data-testid="server-join"
            >
              {busy ? 'Working…' : 'Join: download the company'}
            </button>
            <button
              type="button"
              className="button"
              disabled={busy}
              onClick={() => void signOut()}
              data-testid="server-sign-out"
            >
              Sign out
            </button>
          </div>
        </form>
      </section>
    )

  return (
    <section className="panel" aria-labelledby={`${id}-title`} data-testid="server-panel">
      <h2 id={`${id}-title`}>{mode === 'signIn' ? 'Sign in to your company' : 'Set your password'}</h2>
      <form
        className="form"
        onSubmit={(event) => {
          if (mode === 'signIn') return void signIn(event)
          event.preventDefault()
          void run(() => invoke('server.setPassword', { server, link: linkToken(link), password })).then(
            (done) => {
              if (!done) return
              setMode('signIn')
              setPassword('')
              setNotice('Your password is set. Sign in with it.')
            },
          )
        }}
      >
        <div className="form__field">
          <label htmlFor={`${id}-server`}>Server address</label>
          <input
            id={`${id}-server`}
            type="text"
            value={server}
            placeholder="meritbook.example.com"
            onChange={(event) => setServer(event.target.value)}
            required
            data-testid="server-address"
          />
        </div>
        {mode === 'signIn' ? (
          <div className="form__field">
            <label htmlFor={`${id}-email`}>Email</label>
            <input
              id={`${id}-email`}
              type="email"
              value={email}
              autoComplete="username"
              onChange={(event) => setEmail(event.target.value)}
              required
              data-testid="server-email"
            />
          </div>
        ) : (
          <div className="form__field">
            <label htmlFor={`${id}-link`}>The link from your e-mail</label>
            <input
              id={`${id}-link`}
              type="text"
              value={link}
              onChange={(event) => setLink(event.target.value)}
              required
              data-testid="server-link"
            />
          </div>
        )}
        <div className="form__field">
          <label htmlFor={`${id}-password`}>
            {mode === 'signIn' ? 'Password' : 'New password (12 characters or more)'}
          </label>
          <input
            id={`${id}-password`}
            type="password"
            value={password}
            autoComplete={mode === 'signIn' ? 'current-password' : 'new-password'}
            onChange={(event) => setPassword(event.target.value)}
            required
            data-testid="server-password"
          />
        </div>
        {error && (
          <p className="inline-error" role="alert" data-testid="server-error">
            {error}
          </p>
        )}
        {notice && (
          <p className="notice" role="status" data-testid="server-notice">
            {notice}
          </p>
        )}
        <div className="form__row">
          <button
            type="submit"
            className="button button--primary"
            disabled={busy}
            data-testid="server-submit"
          >
            {busy ? 'Working…' : mode === 'signIn' ? 'Sign in' : 'Set password'}
          </button>
          {mode === 'signIn' && (
            <button
              type="button"
              className="link-button"
              disabled={busy || !server || !email}
              onClick={() =>
                void run(() => invoke('server.recoverPassword', { server, email })).then((done) => {
                  if (done)
                    setNotice(`If ${email} has an account, a link to reset the password is on its way.`)
                })
              }
              data-testid="server-forgot"
            >
              Forgot password?
            </button>
          )}
          <button
            type="button"
            className="link-button"
            onClick={() => {
              setMode(mode === 'signIn' ? 'setPassword' : 'signIn')
              setError(null)
            }}
            data-testid="server-mode"
          >
            {mode === 'signIn' ? 'Have an invitation link?' : 'Back to sign in'}
          </button>
        </div>
      </form>
    </section>
  )
}
