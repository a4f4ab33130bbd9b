/** What the Undo and Redo buttons need from a screen's undo history (`useUndoSteps`). */
export interface UndoRedoSteps {
  undo(): void
  redo(): void
  undoLabel: string | null
  redoLabel: string | null
}

/** A records screen's Undo and Redo buttons: each names its step and shortcut, or says there is none. */
export function UndoRedoButtons({ steps, testId }: { steps: UndoRedoSteps; testId: string }) {
  return (
    <>
      <button
        type="button"
        className="button"
        onClick={steps.undo}
        disabled={!steps.undoLabel}
        title={steps.undoLabel ? `Undo ${steps.undoLabel} (Ctrl+Z)` : 'Nothing to undo'}
        data-testid={`${testId}-undo`}
      >
        Undo
      </button>
      <button
        type="button"
        className="button"
        onClick={steps.redo}
        disabled={!steps.redoLabel}
        title={steps.redoLabel ? `Redo ${steps.redoLabel} (Ctrl+Shift+Z)` : 'Nothing to redo'}
        data-testid={`${testId}-redo`}
      >
        Redo
      </button>
    </>
  )
}
