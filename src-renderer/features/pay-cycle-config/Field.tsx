import type { ReactNode } from 'react'

/** A labelled form field with its error under it (role="alert", so it is read out when it appears). */
export function Field({
  label,
  error,
  hint,
  children,
  testId,
}: {
  label: string
  error?: string | null
  hint?: string
  children: ReactNode
  testId?: string
}) {
  return (
    <div className="pce-field" data-testid={testId}>
      <span className="pce-field__label">{label}</span>
      {children}
      {hint && <span className="pce-field__hint">{hint}</span>}
      {error && (
        <span className="field-error" role="alert">
          {error}
        </span>
      )}
    </div>
  )
}

/** What every section gets: the form, a way to change it, and the errors to show. */
export interface SectionProps<F> {
  form: F
  update: (change: (form: F) => F) => void
  /** The error of a field path, once it was left or a save was tried. */
  errorOf: (path: string) => string | null
  /** Marks a field as left (blur), so 'This field is required.' shows. */
  touch: (path: string) => void
}
