import { useState } from 'react'
import type { StatementScope, TeamDto } from '../../../src-shared/contract'
import { countOf } from '../../../src-shared/domain/words'

/** What a batch may cover, as the Save PDFs and Send dialogs offer it. */
export interface GenerateChoices {
  /** The employees listed on the page (its search and team), with how many. */
  shown: { search: string; teamId: number | null; count: number }
  /** One employee, when the dialog was opened from their row. */
  employee: { id: number; name: string } | null
  everyone: number
  teams: TeamDto[]
}

type ScopeKind = 'employee' | 'shown' | 'team' | 'all'

/** The dialogs' choice of whose statements: the row's employee, those listed, a team, or everyone. */
export function useStatementScope(choices: GenerateChoices) {
  const [kind, setKind] = useState<ScopeKind>(choices.employee ? 'employee' : 'shown')
  const [teamId, setTeamId] = useState<number | null>(choices.teams[0]?.id ?? null)
  function scope(): StatementScope | null {
    if (kind === 'employee' && choices.employee) return { kind: 'employees', ids: [choices.employee.id] }
    if (kind === 'shown')
      return { kind: 'filter', search: choices.shown.search, teamId: choices.shown.teamId }
    if (kind === 'team') return teamId === null ? null : { kind: 'team', teamId }
    return { kind: 'all' }
  }
  return { kind, setKind, teamId, setTeamId, scope }
}

/** The 'Whose statements' fieldset; `testId` prefixes its controls' test ids (`<testId>-scope-team`). */
export function WhoseStatements({
  choices,
  state,
  testId,
}: {
  choices: GenerateChoices
  state: ReturnType<typeof useStatementScope>
  testId: string
}) {
  const { kind, setKind, teamId, setTeamId } = state
  const radio = (value: ScopeKind, label: React.ReactNode) => (
    <label>
      <input
        type="radio"
        checked={kind === value}
        onChange={() => setKind(value)}
        data-testid={`${testId}-scope-${value}`}
      />{' '}
      {label}
    </label>
  )
  return (
    <fieldset>
      <legend>Whose statements</legend>
      {choices.employee && radio('employee', choices.employee.name)}
      {radio(
        'shown',
        `The ${countOf(choices.shown.count, 'employee')} listed${choices.shown.search || choices.shown.teamId ? ' (as filtered)' : ''}`,
      )}
      {radio(
        'team',
        <>
          A team and the teams below it{' '}
          <select
            aria-label="Team"
            value={teamId ?? ''}
            onChange={(event) => {
              setTeamId(Number(event.target.value))
              setKind('team')
            }}
            data-testid={`${testId}-team`}
          >
            {choices.teams.map((t) => (
              <option key={t.id} value={t.id}>
                {t.name}
              </option>
            ))}
          </select>
        </>,
      )}
      {radio('all', `Everyone (${choices.everyone.toLocaleString('en-US')})`)}
    </fieldset>
  )
}
