import './skeleton.css'

interface LoadingSkeletonProps {
  /** Read by screen readers; the shapes themselves are decorative. */
  label?: string
  rows?: number
  /** 'table' draws a header and rows; 'page' draws a title and paragraphs. */
  variant?: 'table' | 'page'
}

/** Grey placeholder shapes shown while data loads (spec: loading skeletons). */
export function LoadingSkeleton({ label = 'Loading…', rows = 8, variant = 'table' }: LoadingSkeletonProps) {
  return (
    <div
      className={`skeleton skeleton--${variant}`}
      aria-busy="true"
      aria-label={label}
      data-testid="loading-skeleton"
    >
      <div className="skeleton__bar skeleton__bar--title" />
      {variant === 'table' && <div className="skeleton__bar skeleton__bar--header" />}
      {Array.from({ length: rows }, (_, i) => (
        <div
          key={i}
          className="skeleton__bar"
          style={{ width: variant === 'page' ? `${90 - ((i * 17) % 40)}%` : undefined }}
        />
      ))}
      <span className="visually-hidden">{label}</span>
    </div>
  )
}
