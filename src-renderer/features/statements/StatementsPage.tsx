import { useCallback, useEffect, useState } from 'react'
import { useSearchParams } from 'react-router'
import type { StatementTemplateSummary } from '../../../src-shared/contract'
import { invoke } from '../../app/client'
import { useAppSelector } from '../../app/hooks'
import { selectSessionKey } from '../../app/session-slice'
import { StatementsView } from './StatementsView'
import { TemplatesView } from './TemplatesView'
import './statements.css'

const TABS = [
  { id: 'templates', label: 'Templates' },
  { id: 'statements', label: 'Statements' },
] as const
type Tab = (typeof TABS)[number]['id']

/** Reward Statements (/reward-statement/compstatements): templates with their preview, and statements saved as PDFs. */
export default function StatementsPage() {
  const [params, setParams] = useSearchParams()
  const tab: Tab = TABS.find((t) => t.id === params.get('tab'))?.id ?? 'templates'
  const sessionKey = useAppSelector(selectSessionKey)
  const [templates, setTemplates] = useState<StatementTemplateSummary[] | null>(null)
  const [error, setError] = useState<string | null>(null)

  const reload = useCallback(async () => {
    const answer = await invoke('statements.templates', {})
    if (answer.ok) {
      setTemplates(answer.value)
      setError(null)
    } else setError(answer.error.message)
  }, [])

  useEffect(() => {
    void reload()
  }, [reload])

  return (
    <div className="page statements-page" data-testid="statements-page">
      <header className="page__header">
        <h1>Reward Statements</h1>
      </header>
      <div className="tabs" role="tablist" aria-label="Reward Statements">
        {TABS.map((t) => (
          <button
            key={t.id}
            type="button"
            role="tab"
            id={`statements-tab-${t.id}`}
            aria-selected={tab === t.id}
            aria-controls={`statements-panel-${t.id}`}
            className={`tabs__tab${tab === t.id ? ' tabs__tab--active' : ''}`}
            onClick={() => setParams({ tab: t.id }, { replace: true })}
            data-testid={`statements-tab-${t.id}`}
          >
            {t.label}
          </button>
        ))}
      </div>
      {error && (
        <p className="form__error" role="alert" data-testid="statements-error">
          {error}
        </p>
      )}
      <div role="tabpanel" id={`statements-panel-${tab}`} aria-labelledby={`statements-tab-${tab}`}>
        {templates !== null && tab === 'templates' && (
          <TemplatesView templates={templates} reload={reload} sessionKey={sessionKey} />
        )}
        {templates !== null && tab === 'statements' && <StatementsView templates={templates} />}
      </div>
    </div>
  )
}
