import { useCallback, useEffect, useRef, useState } from 'react'
import type {
  ServerStatus,
  StatementEmployeeRow,
  StatementEmployeesPage,
  StatementTemplateSummary,
  SyncStatus,
  TeamDto,
} from '../../../src-shared/contract'
import { formatLongDate } from '../../../src-shared/domain/proration'
import { invoke } from '../../app/client'
import { useAppSelector } from '../../app/hooks'
import { selectFilesFolder, selectNativeDialogs } from '../../app/session-slice'
import { useToast } from '../../components/toast'
import { GenerateDialog } from './GenerateDialog'
import type { GenerateChoices } from './WhoseStatements'
import { RewardStatementPreview, TEMPLATE_LOAD_FAILED } from './RewardStatementPreview'
import { SendDialog } from './SendDialog'
import { countOf } from '../../../src-shared/domain/words'
import { statementsMissingRatesWarning } from '../../../src-shared/domain/missing-rates'

const PAGE = 25

/** How statements go out: through the company server when signed in to it, else 'Save PDFs', saying why. */
export function sendingNote(server: ServerStatus | null, sync: SyncStatus | null): string {
  if (sync?.replica && sync.signedIn && server?.signedIn)
    return `Statements are sent through the company server (${server.server}): by e-mail with the PDF attached, or as a personal link you can revoke. Save PDFs is there too.`
  if (sync?.replica)
    return 'E-mail and magic links go through the company server this workbook came from: sign in to it to send them. Until then, Save PDFs instead and hand them out; each statement’s status is recorded.'
  return 'E-mail and magic links need the company server, and this workbook is not connected to one. Save PDFs instead and hand them out; each statement’s status is recorded.'
}

function sendText(latest: NonNullable<StatementEmployeeRow['latest']>): string {
  if (latest.sendStatus === 'SAVED') return 'saved as PDF'
  if (latest.sendStatus === 'FAILED') return `not sent: ${latest.detail ?? 'Failed to send email'}`
  if (latest.sendStatus === 'SENT' && latest.sendMethod === 'link')
    return `e-mailed as a link${latest.link?.revoked ? ' · link revoked' : ''}`
  // An earlier statement's link stays open (or revoked) whatever was sent after it.
  const earlier = latest.link ? ` · earlier link ${latest.link.revoked ? 'revoked' : 'still open'}` : ''
  if (latest.sendStatus === 'SENT' && latest.sendMethod === 'attachment')
    return `e-mailed (PDF attached, cannot be recalled)${earlier}`
  return `${latest.sendStatus.toLowerCase().replace('_', ' ')}${earlier}`
}

function statusText(row: StatementEmployeeRow): string {
  const latest = row.latest
  if (!latest) return 'No statement yet'
  const day = formatLongDate(latest.createdAt.slice(0, 10))
  return `${latest.templateName ?? 'A deleted template'} · ${day} · ${sendText(latest)}${latest.count > 1 ? ` (${latest.count} statements)` : ''}`
}

/** The employees whose statements the user writes, with their latest statement, and Save PDFs. */
export function StatementsView({ templates }: { templates: StatementTemplateSummary[] }) {
  const toast = useToast()
  const nativeDialogs = useAppSelector(selectNativeDialogs)
  const filesFolder = useAppSelector(selectFilesFolder)
  const [templateId, setTemplateId] = useState<number | null>(templates[0]?.id ?? null)
  const [search, setSearch] = useState('')
  const [teamId, setTeamId] = useState<number | null>(null)
  const [offset, setOffset] = useState(0)
  const [page, setPage] = useState<StatementEmployeesPage | null>(null)
  const [everyone, setEveryone] = useState(0)
  const [teams, setTeams] = useState<TeamDto[]>([])
  const [server, setServer] = useState<ServerStatus | null>(null)
  const [sync, setSync] = useState<SyncStatus | null>(null)
  const [sending, setSending] = useState<{ employee: { id: number; name: string } | null } | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [generating, setGenerating] = useState<{ employee: { id: number; name: string } | null } | null>(null)
  const [previewing, setPreviewing] = useState<{
    draft: Parameters<typeof RewardStatementPreview>[0]['draft']
    employeeId: number
  } | null>(null)
  const [revision, setRevision] = useState(0)

  useEffect(() => {
    if (templateId === null || !templates.some((t) => t.id === templateId))
      setTemplateId(templates[0]?.id ?? null)
  }, [templates, templateId])

  useEffect(() => {
    void invoke('teams.list', {}).then((answer) => {
      if (answer.ok) setTeams([...answer.value].sort((a, b) => a.name.localeCompare(b.name)))
    })
    void invoke('server.status', {}).then((answer) => setServer(answer.ok ? answer.value : null))
    void invoke('sync.status', {}).then((answer) => setSync(answer.ok ? answer.value : null))
    void invoke('statements.employees', { search: '', teamId: null, offset: 0, limit: 1 }).then((answer) => {
      if (answer.ok) setEveryone(answer.value.total)
    })
  }, [])

  useEffect(() => {
    let live = true
    const timer = setTimeout(() => {
      void invoke('statements.employees', { search, teamId, offset, limit: PAGE }).then((answer) => {
        if (!live) return
        if (answer.ok) {
          setPage(answer.value)
          setError(null)
        } else setError(answer.error.message)
      })
    }, 150)
    return () => {
      live = false
      clearTimeout(timer)
    }
  }, [search, teamId, offset, revision])

  const template = templates.find((t) => t.id === templateId) ?? null

  const preview = useCallback(
    async (employeeId: number) => {
      if (!template) return
      const answer = await invoke('statements.template', { id: template.id })
      if (!answer.ok) {
        toast.error(TEMPLATE_LOAD_FAILED)
        return
      }
      const t = answer.value
      setPreviewing({
        draft: { name: t.name, logo: t.logo, intro: t.intro, closing: t.closing, dataTags: t.dataTags },
        employeeId,
      })
    },
    [template, toast],
  )

  const canSend = Boolean(sync?.replica && sync.signedIn && server?.signedIn && server.server)

  // Each page of rows shown asks the server for their statements once: what other desktops sent,
  // links revoked since (docs/sync.md "Statements").
  const refreshed = useRef('')
  useEffect(() => {
    if (!canSend || !page || page.rows.length === 0) return
    const ids = page.rows.map((r) => r.id)
    const key = ids.join(',')
    if (refreshed.current === key) return
    refreshed.current = key
    void invoke('statements.refresh', { employeeIds: ids }).then((answer) => {
      if (answer.ok && answer.value.changed > 0) setRevision((r) => r + 1)
    })
  }, [canSend, page])

  const setLink = useCallback(
    async (row: StatementEmployeeRow, revoked: boolean) => {
      const answer = await invoke('statements.setLink', { employeeId: row.id, revoked })
      if (!answer.ok) toast.error(`Error: ${answer.error.message}`)
      else {
        toast.success(`${revoked ? 'Revoked' : 'Restored'} the statement link of ${row.name}`)
        setRevision((r) => r + 1)
      }
    },
    [toast],
  )

  const choices: GenerateChoices = {
    shown: { search, teamId, count: page?.total ?? 0 },
    employee: (sending ?? generating)?.employee ?? null,
    everyone,
    teams,
  }

  return (
    <div className="statements-list" data-testid="statements-list">
      <p className="notice" data-testid="statements-send-note">
        {sendingNote(server, sync)}
      </p>
      <div className="statements-list__toolbar">
        <label>
          Template{' '}
          <select
            value={templateId ?? ''}
            onChange={(event) => setTemplateId(Number(event.target.value))}
            disabled={templates.length === 0}
            data-testid="statements-template-select"
          >
            {templates.length === 0 && <option value="">No templates yet</option>}
            {templates.map((t) => (
              <option key={t.id} value={t.id}>
                {t.name}
              </option>
            ))}
          </select>
        </label>
        <input
          type="search"
          className="text-input"
          placeholder="Search by name or Employee Id"
          aria-label="Search employees"
          value={search}
          onChange={(event) => {
            setSearch(event.target.value)
            setOffset(0)
          }}
          data-testid="statements-search"
        />
        <select
          aria-label="Team"
          value={teamId ?? ''}
          onChange={(event) => {
            setTeamId(event.target.value === '' ? null : Number(event.target.value))
            setOffset(0)
          }}
          data-testid="statements-team"
        >
          <option value="">All teams</option>
          {teams.map((t) => (
            <option key={t.id} value={t.id}>
              {t.name}
            </option>
          ))}
        </select>
        <span className="muted" data-testid="statements-count">
          {page ? countOf(page.total, 'employee') : ''}
        </span>
        <button
          type="button"
          className="button button--primary"
          disabled={!template || !page || page.total === 0}
          onClick={() => setGenerating({ employee: null })}
          data-testid="statements-generate"
        >
          Save PDFs…
        </button>
        {canSend && (
          <button
            type="button"
            className="button button--primary"
            disabled={!template || !page || page.total === 0}
            onClick={() => setSending({ employee: null })}
            data-testid="statements-send"
          >
            Send by e-mail…
          </button>
        )}
      </div>
      {error && (
        <p className="form__error" role="alert">
          {error}
        </p>
      )}
      {page && statementsMissingRatesWarning(page.missingRates) && (
        <p className="notice notice--warning" role="note" data-testid="statements-missing-rates">
          {statementsMissingRatesWarning(page.missingRates)}
        </p>
      )}
      {!template && <p className="empty-state">Write a template first (Templates tab).</p>}
      <table className="statements-table" data-testid="statements-table">
        <thead>
          <tr>
            <th scope="col">Employee</th>
            <th scope="col">Employee Id</th>
            <th scope="col">Team</th>
            <th scope="col">Currency</th>
            <th scope="col">Latest statement</th>
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {page?.rows.map((row) => (
            <tr key={row.id} data-testid="statements-row" data-employee-id={row.employeeId}>
              <td>
                {row.name}
                {row.jobTitle && <div className="muted">{row.jobTitle}</div>}
              </td>
              <td>{row.employeeId}</td>
              <td>{row.team ?? ''}</td>
              <td>{row.currency}</td>
              <td data-testid="statements-row-status">{statusText(row)}</td>
              <td className="statements-table__actions">
                <button
                  type="button"
                  className="link-button"
                  disabled={!template}
                  onClick={() => void preview(row.id)}
                  data-testid="statements-row-preview"
                >
                  Preview
                </button>
                <button
                  type="button"
                  className="link-button"
                  disabled={!template}
                  onClick={() => setGenerating({ employee: { id: row.id, name: row.name } })}
                  data-testid="statements-row-generate"
                >
                  Save PDF…
                </button>
                {canSend && (
                  <button
                    type="button"
                    className="link-button"
                    disabled={!template}
                    onClick={() => setSending({ employee: { id: row.id, name: row.name } })}
                    data-testid="statements-row-send"
                  >
                    Send…
                  </button>
                )}
                {canSend && row.latest?.link && (
                  <button
                    type="button"
                    className="link-button"
                    onClick={() => void setLink(row, !row.latest?.link?.revoked)}
                    data-testid="statements-row-link"
                  >
                    {row.latest.link.revoked ? 'Restore link' : 'Revoke link'}
                  </button>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {page && page.total > PAGE && (
        <div className="statements-list__pager">
          <button
            type="button"
            className="button"
            disabled={offset === 0}
            onClick={() => setOffset(Math.max(0, offset - PAGE))}
          >
            Previous
          </button>
          <span className="muted">
            {offset + 1}–{Math.min(offset + PAGE, page.total)} of {page.total.toLocaleString('en-US')}
          </span>
          <button
            type="button"
            className="button"
            disabled={offset + PAGE >= page.total}
            onClick={() => setOffset(offset + PAGE)}
          >
            Next
          </button>
        </div>
      )}
      {generating && template && (
        <GenerateDialog
          templateId={template.id}
          templateName={template.name}
          choices={choices}
          nativeDialogs={nativeDialogs}
          filesFolder={filesFolder}
          onClose={(finished) => {
            setGenerating(null)
            if (finished) setRevision((r) => r + 1)
          }}
        />
      )}
      {sending && template && server?.server && (
        <SendDialog
          templateId={template.id}
          templateName={template.name}
          server={server.server}
          choices={choices}
          onClose={(sent) => {
            setSending(null)
            if (sent) setRevision((r) => r + 1)
          }}
        />
      )}
      {previewing && (
        <RewardStatementPreview
          draft={previewing.draft}
          employeeId={previewing.employeeId}
          onClose={() => setPreviewing(null)}
        />
      )}
    </div>
  )
}
