import { useSelector } from 'react-redux'
import { ConfirmDialog } from './ConfirmDialog'
import { selectActiveDialog, type WithDialogs } from './dialog-slice'

/** Renders only the first dialog of the queue (spec); the others wait their turn. */
export function DialogHost({ onClose }: { onClose: (id: string, result: unknown) => void }) {
  const dialog = useSelector((state: WithDialogs) => selectActiveDialog(state))
  if (!dialog) return null
  switch (dialog.type) {
    case 'ConfirmDialog':
      return (
        <ConfirmDialog
          key={dialog.id}
          {...dialog.props}
          closing={dialog.closing}
          onResult={(confirmed) => onClose(dialog.id, confirmed)}
        />
      )
  }
}
