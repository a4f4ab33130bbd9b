import { useEffect, useState } from 'react'
import type { StatementEmployeeRow, StatementPreviewDto } from '../../../src-shared/contract'
import type { StatementTemplateDraft } from '../../../src-shared/domain/statements/templates'
import { invoke } from '../../app/client'
import { Modal } from '../../components/dialog/Modal'
import { useToast } from '../../components/toast'
import { StatementPageSvg } from './StatementPageSvg'

export const TEMPLATE_LOAD_FAILED = 'Failed to load template'
const PICKER_LIMIT = 6

/**
 * RewardStatementPreview (spec §2 dialogs): a chosen employee's statement exactly as its PDF draws
 * it (the same layout and font), amounts in the currency of the employee's pay.
 */
export function RewardStatementPreview({
  draft,
  employeeId,
  onClose,
}: {
  draft: StatementTemplateDraft
  employeeId: number | null
  onClose: () => void
}) {
  const toast = useToast()
  const [search, setSearch] = useState('')
  const [choices, setChoices] = useState<StatementEmployeeRow[]>([])
  const [chosen, setChosen] = useState<number | null>(employeeId)
  const [preview, setPreview] = useState<StatementPreviewDto | null>(null)
  const [error, setError] = useState<string | null>(null)

  useEffect(() => {
    let live = true
    const timer = setTimeout(() => {
      void invoke('statements.employees', { search, teamId: null, offset: 0, limit: PICKER_LIMIT }).then(
        (answer) => {
          if (!live || !answer.ok) return
          setChoices(answer.value.rows)
          setChosen((current) => current ?? answer.value.rows[0]?.id ?? null)
        },
      )
    }, 150)
    return () => {
      live = false
      clearTimeout(timer)
    }
  }, [search])

  useEffect(() => {
    if (chosen === null) return
    let live = true
    void invoke('statements.preview', { draft, employeeId: chosen }).then((answer) => {
      if (!live) return
      if (answer.ok) {
        setPreview(answer.value)
        setError(null)
      } else {
        setPreview(null)
        setError(answer.error.message)
        toast.error(TEMPLATE_LOAD_FAILED)
      }
    })
    return () => {
      live = false
    }
  }, [chosen, draft, toast])

  return (
    <Modal
      title={`Preview: ${draft.name.trim() || 'Untitled template'}`}
      closing={false}
      onDismiss={onClose}
      footer={
        <button type="button" className="button" onClick={onClose} data-testid="statement-preview-close">
          Close
        </button>
      }
    >
      <div className="statement-preview" data-testid="statement-preview">
        <div className="statement-preview__picker">
          <input
            type="search"
            className="text-input"
            placeholder="Find an employee by name or Employee Id"
            aria-label="Find an employee"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            data-testid="statement-preview-search"
          />
          <ul className="statement-preview__choices" aria-label="Employees">
            {choices.map((c) => (
              <li key={c.id}>
                <button
                  type="button"
                  className={`link-button${c.id === chosen ? ' statement-preview__choice--active' : ''}`}
                  aria-pressed={c.id === chosen}
                  onClick={() => setChosen(c.id)}
                  data-testid="statement-preview-employee"
                  data-employee-id={c.employeeId}
                >
                  {c.name} <span className="muted">{c.employeeId}</span>
                </button>
              </li>
            ))}
          </ul>
        </div>
        <div className="statement-preview__pages">
          {error && (
            <p className="form__error" role="alert" data-testid="statement-preview-error">
              {TEMPLATE_LOAD_FAILED}: {error}
            </p>
          )}
          {preview && (
            <>
              <p className="muted" data-testid="statement-preview-currency">
                {preview.employee.name}: amounts in {preview.currency}, the currency of their pay.
              </p>
              {preview.missingGlyphs.length > 0 && (
                <p className="notice notice--warning" data-testid="statement-preview-glyphs">
                  The statement font cannot draw {preview.missingGlyphs.join(' ')}; these print as empty
                  boxes.
                </p>
              )}
              {preview.pages.map((page, index) => (
                <StatementPageSvg key={index} page={page} index={index} />
              ))}
            </>
          )}
        </div>
      </div>
    </Modal>
  )
}
