import { useState } from 'react'
import type { Invitation } from '../../../src-shared/contract'
import { INVITATION_NOTICE } from '../../../src-shared/domain/user-admin'
import { Modal } from '../../components/dialog/Modal'
import { downloadText } from '../../components/download'

interface Props {
  title: string
  invitation: Invitation
  onClose: () => void
}

/** The invitation the user would receive: to copy, or to save as a file (no server sends it yet). */
export function InvitationDialog({ title, invitation, onClose }: Props) {
  const [copied, setCopied] = useState<'no' | 'yes' | 'failed'>('no')
  async function copy() {
    try {
      await navigator.clipboard.writeText(invitation.text)
      setCopied('yes')
    } catch {
      setCopied('failed')
    }
  }
  return (
    <Modal
      title={title}
      closing={false}
      onDismiss={onClose}
      footer={
        <>
          <button type="button" className="button" onClick={() => void copy()} data-testid="invitation-copy">
            {copied === 'yes' ? 'Copied' : 'Copy text'}
          </button>
          <button
            type="button"
            className="button"
            onClick={() => downloadText(invitation.text, invitation.fileName, 'text/plain;charset=utf-8')}
            data-testid="invitation-save"
          >
            Save as file
          </button>
          <button type="button" className="button button--primary" onClick={onClose} data-autofocus>
            Done
          </button>
        </>
      }
    >
      <p className="muted">{INVITATION_NOTICE}</p>
      {copied === 'failed' && (
        <p role="alert">This window may not use the clipboard: select the text and copy it, or save it.</p>
      )}
      <textarea
        className="users__invitation"
        readOnly
        value={invitation.text}
        aria-label="Invitation text"
        data-testid="invitation-text"
        rows={14}
      />
    </Modal>
  )
}
