import { useGridCellEditor, type CustomCellEditorProps } from 'ag-grid-react'
import { useEffect, useState } from 'react'
import type { TableRow } from '../../../src-shared/contract'
import { textRefusal } from '../../../src-shared/domain/free-text'

/** The longest comment the cell takes (as the text editor it replaces). */
const MAX_COMMENT_INPUT = 2000

/**
 * The Comments cell's editor: a text input that says in place, as it is typed, why a comment is
 * refused (NUL or a lone surrogate, 'Comments: must not hold…'); ending the edit then saves nothing.
 */
export function CommentsCellEditor(props: CustomCellEditorProps<TableRow, unknown, unknown>) {
  const typed = props.eventKey && props.eventKey.length === 1 ? props.eventKey : null
  const [text, setText] = useState(typed ?? (typeof props.value === 'string' ? props.value : ''))
  const refusal = textRefusal('Comments', text)
  const { onValueChange } = props

  useEffect(() => onValueChange(text), [onValueChange, text])
  useGridCellEditor({ isCancelAfterEnd: () => refusal !== null })

  return (
    <div className="cell-editor cell-editor--comments">
      <input
        autoFocus
        className="ag-input-field-input ag-text-field-input"
        value={text}
        maxLength={MAX_COMMENT_INPUT}
        aria-label="Comments"
        aria-invalid={refusal !== null}
        onChange={(event) => setText(event.target.value)}
        data-testid="comments-editor"
      />
      {refusal !== null && (
        <span className="field-error" role="alert" data-testid="comments-editor-error">
          {refusal}
        </span>
      )}
    </div>
  )
}
