import { Component, Suspense, type ErrorInfo, type ReactNode } from 'react'
import { LoadingSkeleton } from '../../components/skeleton/LoadingSkeleton'

interface CardProps {
  title: string
  testId: string
  /** Spans of the 12-column grid on a wide screen (narrow screens stack every card). */
  span?: 4 | 5 | 6 | 7 | 8 | 12
  /** The summary's state: loading shows a skeleton, failed its message with Retry. */
  state: 'loading' | 'loaded' | 'failed'
  error?: string
  onRetry?: () => void
  toolbar?: ReactNode
  children?: ReactNode
}

/** A dashboard card: its title, a skeleton while loading, the error and Retry when the figures fail. */
export function DashboardCard({
  title,
  testId,
  span = 6,
  state,
  error,
  onRetry,
  toolbar,
  children,
}: CardProps) {
  const id = `${testId}-title`
  return (
    <section
      className={`dashboard-card dashboard-card--span-${span}`}
      aria-labelledby={id}
      aria-busy={state === 'loading'}
      data-testid={testId}
      data-state={state}
    >
      <header className="dashboard-card__header">
        <h2 id={id}>{title}</h2>
        {toolbar}
      </header>
      {state === 'loading' && <LoadingSkeleton label={`Loading ${title}…`} rows={4} variant="page" />}
      {state === 'failed' && (
        <div className="dashboard-card__error" role="alert" data-testid="dashboard-card-error">
          <p>{error ?? 'The figures could not be loaded.'}</p>
          {onRetry && (
            <button type="button" className="button" onClick={onRetry}>
              Retry
            </button>
          )}
        </div>
      )}
      {state === 'loaded' && children}
    </section>
  )
}

interface BoundaryState {
  error: string | null
}

/** Draws a lazily loaded chart: a skeleton while Plotly loads, and the error in place if it fails. */
export class ChartSlot extends Component<
  { label: string; height: number; children: ReactNode },
  BoundaryState
> {
  override state: BoundaryState = { error: null }

  static getDerivedStateFromError(error: unknown): BoundaryState {
    return { error: error instanceof Error ? error.message : String(error) }
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('Chart failed', error, info.componentStack)
  }

  override render() {
    if (this.state.error !== null) {
      return (
        <p className="inline-error" role="alert" data-testid="chart-error">
          This chart could not be drawn: {this.state.error}
        </p>
      )
    }
    return (
      <div
        className="chart-slot"
        role="figure"
        aria-label={this.props.label}
        style={{ minHeight: this.props.height }}
      >
        <Suspense
          fallback={<LoadingSkeleton label={`Drawing ${this.props.label}…`} rows={3} variant="page" />}
        >
          {this.props.children}
        </Suspense>
      </div>
    )
  }
}

/** A chart's figures as a table (for screen readers, and to copy): folded away under 'Figures'. */
export function FiguresTable({
  caption,
  head,
  rows,
  testId,
}: {
  caption: string
  head: readonly string[]
  rows: readonly (readonly (string | number)[])[]
  testId?: string
}) {
  return (
    <details className="figures" data-testid={testId}>
      <summary>Figures</summary>
      <div className="figures__scroll">
        <table className="figures__table">
          <caption className="visually-hidden">{caption}</caption>
          <thead>
            <tr>
              {head.map((h) => (
                <th key={h} scope="col">
                  {h}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row, i) => (
              <tr key={i}>
                {row.map((cell, j) =>
                  j === 0 ? (
                    <th key={j} scope="row">
                      {cell}
                    </th>
                  ) : (
                    <td key={j}>{cell}</td>
                  ),
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  )
}
