/** Save writes every recommendation as one step; Undo takes the last save back. */
export function MatrixActions(props: {
  saving: boolean
  canSave: boolean
  canUndo: boolean
  onSave: () => void
  onUndo: () => void
}) {
  return (
    <div className="matrix__actions">
      <button
        type="button"
        className="button button--primary"
        disabled={props.saving || !props.canSave}
        onClick={props.onSave}
        data-testid="matrix-save"
      >
        {props.saving ? 'Saving…' : 'Save'}
      </button>
      <button
        type="button"
        className="button"
        disabled={!props.canUndo}
        onClick={props.onUndo}
        data-testid="matrix-undo"
      >
        Undo
      </button>
    </div>
  )
}
