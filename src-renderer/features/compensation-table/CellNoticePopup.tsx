import { createPortal } from 'react-dom'
import type { CellNotice } from './use-grid-block'

/**
 * Why typing on a cell did nothing, drawn under the cell (outside the grid's clipping) and announced;
 * it goes when the keyboard moves or a key is typed that the cell takes.
 */
export function CellNoticePopup({ notice }: { notice: CellNotice | null }) {
  if (!notice) return null
  return createPortal(
    <div className="cell-notice" role="status" data-testid="cell-notice" style={notice.place}>
      {notice.text}
    </div>,
    document.body,
  )
}
