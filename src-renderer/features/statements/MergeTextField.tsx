import { useId, useRef } from 'react'
import {
  insertMergeTag,
  MERGE_TAGS,
  mergeProblems,
  type MergeTag,
} from '../../../src-shared/domain/statements/merge-tags'

const GROUPS: { group: MergeTag['group']; label: string }[] = [
  { group: 'employee', label: 'Employee' },
  { group: 'cycle', label: 'Pay cycle' },
  { group: 'compensation', label: 'Compensation' },
]

/** A template text with its Insert tag menu; unknown or unclosed tags are flagged as one types. */
export function MergeTextField({
  field,
  label,
  value,
  onType,
  onInsert,
}: {
  field: 'intro' | 'closing'
  label: string
  value: string
  onType: (value: string) => void
  /** An inserted tag is an undo step of its own. */
  onInsert: (value: string) => void
}) {
  const id = useId()
  const ref = useRef<HTMLTextAreaElement>(null)
  const problems = mergeProblems(value)

  function insert(key: string) {
    const area = ref.current
    const start = area?.selectionStart ?? value.length
    const end = area?.selectionEnd ?? value.length
    const next = insertMergeTag(value, start, end, key)
    onInsert(next.text)
    requestAnimationFrame(() => {
      area?.focus()
      area?.setSelectionRange(next.cursor, next.cursor)
    })
  }

  return (
    <div className="form__field statement-text-field">
      <div className="statement-text-field__head">
        <label htmlFor={id}>{label}</label>
        <select
          aria-label={`Insert tag into ${label.toLowerCase()}`}
          value=""
          onChange={(event) => {
            if (event.target.value) insert(event.target.value)
          }}
          data-testid={`ste-insert-${field}`}
        >
          <option value="">Insert tag…</option>
          {GROUPS.map((g) => (
            <optgroup key={g.group} label={g.label}>
              {MERGE_TAGS.filter((t) => t.group === g.group).map((t) => (
                <option key={t.key} value={t.key}>
                  {t.label} {`{{${t.key}}}`}
                </option>
              ))}
            </optgroup>
          ))}
        </select>
      </div>
      <textarea
        id={id}
        ref={ref}
        className={`text-input statement-textarea${problems.length > 0 ? ' statement-textarea--invalid' : ''}`}
        rows={6}
        value={value}
        aria-invalid={problems.length > 0}
        onChange={(event) => onType(event.target.value)}
        data-testid={`ste-${field}`}
      />
      {problems.length > 0 && (
        <ul className="field-error statement-problems" role="alert" data-testid={`ste-problems-${field}`}>
          {problems.map((p) => (
            <li key={`${p.start}-${p.kind}`}>{p.message}</li>
          ))}
        </ul>
      )}
    </div>
  )
}
