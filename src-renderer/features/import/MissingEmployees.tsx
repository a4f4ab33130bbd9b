import { useEffect, useId, useState } from 'react'
import type { ImportPreview } from '../../../src-shared/contract'
import {
  MISSING_CHOICES,
  missingQuestion,
  type MissingChoice,
} from '../../../src-shared/domain/reimport-missing'
import { invoke } from '../../app/client'
import { useToast } from '../../components/toast'
import { formatCount } from './import-view'

const CHOICES: MissingChoice[] = ['keep', 'endRewards']

/**
 * Issue 39: a re-import lists the workbook's employees the file does not hold and asks what to do
 * with them: keep them as they are, or end their rewards at commit.
 */
export function MissingEmployees({
  importId,
  missing,
  disabled,
}: {
  importId: string
  missing: ImportPreview['missing']
  disabled: boolean
}) {
  const toast = useToast()
  const name = useId()
  const [choice, setChoice] = useState<MissingChoice>(missing.choice)
  useEffect(() => setChoice(missing.choice), [missing.choice])
  const choose = async (next: MissingChoice) => {
    setChoice(next)
    const answer = await invoke('import.chooseMissing', { importId, choice: next })
    if (!answer.ok) {
      toast.error(answer.error.message)
      setChoice(missing.choice)
    }
  }
  const more = missing.total - missing.employees.length
  return (
    <details className="import-changes__details" open data-testid="import-missing">
      <summary className="import-warn">{missingQuestion(missing.total)}</summary>
      <fieldset className="import-plan-mode" disabled={disabled}>
        <legend>For the employees not in the file</legend>
        {CHOICES.map((option) => (
          <label key={option}>
            <input
              type="radio"
              name={name}
              value={option}
              checked={choice === option}
              data-testid={`import-missing-${option}`}
              onChange={() => void choose(option)}
            />
            {MISSING_CHOICES[option]}
            {option === 'keep' ? ' (default)' : ''}
          </label>
        ))}
        {missing.planned > 0 && (
          <span className="muted">
            {formatCount(missing.planned)} of them {missing.planned === 1 ? 'has' : 'have'} a planned raise,
            bonus or lump sum.
          </span>
        )}
      </fieldset>
      <ul className="import-missing__list" data-testid="import-missing-list">
        {missing.employees.map((employee) => (
          <li key={employee.employeeId}>
            {employee.name} <span className="muted">({employee.employeeId})</span>
            {employee.planned && <span className="muted"> · has a plan</span>}
          </li>
        ))}
        {more > 0 && <li className="muted">and {formatCount(more)} more</li>}
      </ul>
    </details>
  )
}
