import { useState } from 'react'
import { useToast } from '../../components/toast'
import { invoke } from '../client'

/**
 * Help in the user menu: Copy diagnostics puts versions, OS and the last 200 lines of the newest log
 * (ids and codes only) on the clipboard for a support request, and says where the logs are.
 */
export function HelpDiagnostics() {
  const toast = useToast()
  const [logDir, setLogDir] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)

  async function copyDiagnostics() {
    setBusy(true)
    const result = await invoke('app.diagnostics', {})
    setBusy(false)
    if (!result.ok) return toast.error(result.error.message)
    setLogDir(result.value.logDir)
    try {
      await navigator.clipboard.writeText(result.value.text)
      toast.success('Diagnostics copied. Paste them into your support request.')
    } catch {
      toast.error(
        'The clipboard refused the diagnostics. Attach the newest file from the logs folder instead.',
      )
    }
  }

  return (
    <section className="popover__help" aria-label="Help" data-testid="help">
      <h3 className="popover__heading">Help</h3>
      <button
        type="button"
        disabled={busy}
        data-testid="copy-diagnostics"
        onClick={() => void copyDiagnostics()}
      >
        Copy diagnostics
      </button>
      {logDir && (
        <small className="popover__detail" data-testid="log-folder">
          Logs: {logDir}
        </small>
      )}
    </section>
  )
}
