/** The Save and Cancel (✕) buttons of a records row being edited in place. */
export function RowEditActions({
  onSave,
  onCancel,
  testId,
}: {
  onSave(): void
  onCancel(): void
  testId: string
}) {
  return (
    <td>
      <button
        type="button"
        className="button button--primary records__compact"
        onClick={onSave}
        data-testid={`${testId}-save`}
      >
        Save
      </button>
      <button
        type="button"
        className="button button--ghost records__compact"
        aria-label="Cancel"
        title="Cancel (Escape)"
        onClick={onCancel}
      >
        ✕
      </button>
    </td>
  )
}

/** The main process's refusal of an edited row, in a row of its own under it. */
export function RowEditError({
  error,
  columns,
  testId,
}: {
  error: string | null
  columns: number
  testId: string
}) {
  if (!error) return null
  return (
    <tr>
      <td colSpan={columns} role="alert" className="records__error" data-testid={`${testId}-error`}>
        {error}
      </td>
    </tr>
  )
}
