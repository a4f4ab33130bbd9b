import { useEffect, useState } from 'react'
import type { ServerStatus } from '../../../src-shared/contract'
import { invoke } from '../../app/client'
import { useToast } from '../../components/toast'
import { countOf } from '../../../src-shared/domain/words'

/** In Settings, for a signed-in owner: upload the open workbook's company to the server company. */
export function PublishToServer() {
  const [status, setStatus] = useState<ServerStatus | null>(null)
  const [busy, setBusy] = useState(false)
  const toast = useToast()
  useEffect(() => {
    void invoke('server.status', {}).then((result) => result.ok && setStatus(result.value))
  }, [])
  if (!status?.signedIn) return null
  return (
    <div className="popover__note" data-testid="publish-to-server">
      Signed in to {status.company} ({status.server}).
      {status.role === 'OWNER' && (
        <button
          type="button"
          className="button"
          disabled={busy}
          onClick={async () => {
            setBusy(true)
            const result = await invoke('server.publish', {})
            setBusy(false)
            if (!result.ok) return toast.error(result.error.message)
            toast.success(`Published ${countOf(result.value.employees, 'employee')} to ${status.company}`)
            if (result.value.notice) toast.info(result.value.notice)
          }}
          data-testid="publish"
        >
          {busy ? 'Publishing…' : 'Publish this company'}
        </button>
      )}
    </div>
  )
}
