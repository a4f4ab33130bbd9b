import { pageWindow } from './page-window'

interface Props {
  /** 1-based. */
  current: number
  total: number
  rowCount: number
  pageSize: number
  onGoTo: (page: number) => void
}

/** First, last, two pages either side of the current one, and ellipses (spec §9). */
export function Pagination({ current, total, rowCount, pageSize, onGoTo }: Props) {
  if (total < 1) return null
  const first = (current - 1) * pageSize + 1
  const last = Math.min(current * pageSize, rowCount)
  return (
    <nav className="pagination" aria-label="Pagination" data-testid="pagination">
      <span className="pagination__summary muted">
        {first.toLocaleString('en-US')}–{last.toLocaleString('en-US')} of {rowCount.toLocaleString('en-US')}
      </span>
      <button
        type="button"
        className="pagination__button"
        disabled={current <= 1}
        onClick={() => onGoTo(current - 1)}
        aria-label="Previous page"
      >
        ‹
      </button>
      {pageWindow(current, total).map((item) =>
        item.kind === 'gap' ? (
          <span key={`gap-${item.after}`} className="pagination__gap" aria-hidden="true">
            …
          </span>
        ) : (
          <button
            key={item.page}
            type="button"
            className={`pagination__button${item.page === current ? ' pagination__button--current' : ''}`}
            aria-current={item.page === current ? 'page' : undefined}
            aria-label={`Page ${item.page}`}
            onClick={() => onGoTo(item.page)}
          >
            {item.page}
          </button>
        ),
      )}
      <button
        type="button"
        className="pagination__button"
        disabled={current >= total}
        onClick={() => onGoTo(current + 1)}
        aria-label="Next page"
      >
        ›
      </button>
    </nav>
  )
}
