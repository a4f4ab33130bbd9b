import { useEffect, useState } from 'react'
import type { PickedFile, StatementJobSummary } from '../../../src-shared/contract'
import { COMBINED_FILE_NAME } from '../../../src-shared/domain/statements/file-names'
import { bridge, invoke } from '../../app/client'
import { Modal } from '../../components/dialog/Modal'
import { useToast } from '../../components/toast'
import { useReadinessCheck } from './use-readiness-check'
import { useStatementScope, WhoseStatements, type GenerateChoices } from './WhoseStatements'

const FILES_SHOWN = 200
// The last choice, kept for the next batch: a folder chosen natively (its handle), or a typed name.
let lastPicked: PickedFile | null = null
let lastFolderName = ''

/**
 * Save PDFs: one PDF per employee in a chosen folder (named from the Employee Id and the name) and,
 * when asked, one combined PDF; progress with Cancel; when done, what was written.
 */
export function GenerateDialog({
  templateId,
  templateName,
  choices,
  nativeDialogs,
  filesFolder,
  onClose,
}: {
  templateId: number
  templateName: string
  choices: GenerateChoices
  nativeDialogs: boolean
  /** Browser mode: the folder the statements' folder is made in (the page names no paths). */
  filesFolder: string | null
  onClose: (finished: boolean) => void
}) {
  const toast = useToast()
  const readiness = useReadinessCheck()
  const whose = useStatementScope(choices)
  const [picked, setPicked] = useState<PickedFile | null>(lastPicked)
  const [folderName, setFolderName] = useState(lastFolderName)
  const [combined, setCombined] = useState(false)
  const [job, setJob] = useState<StatementJobSummary | null>(null)
  const [progress, setProgress] = useState<{ done: number; total: number | null; message: string } | null>(
    null,
  )
  const [error, setError] = useState<string | null>(null)
  const running = job?.phase === 'running'

  useEffect(() => {
    const offProgress = bridge.on('task.progress', (p) => {
      if (p.task === 'statements') setProgress({ done: p.done, total: p.total, message: p.message })
    })
    const offChanged = bridge.on('statements.changed', (summary) => {
      setJob((current) => (current && current.jobId === summary.jobId ? summary : current))
    })
    return () => {
      offProgress()
      offChanged()
    }
  }, [])

  // An event may be missed (a reconnect): ask now and then while the batch runs.
  useEffect(() => {
    if (!running || !job) return
    const timer = setInterval(() => {
      void invoke('statements.job', { jobId: job.jobId }).then((answer) => {
        if (answer.ok && answer.value.phase !== 'running') setJob(answer.value)
      })
    }, 2000)
    return () => clearInterval(timer)
  }, [running, job])

  useEffect(() => {
    if (!job || job.phase === 'running') return
    if (job.phase === 'done')
      toast.success(`Saved ${job.written} statement${job.written === 1 ? '' : 's'} as PDFs`)
    else if (job.phase === 'failed')
      toast.error(`Error: ${job.error ?? 'the statements could not be written'}`)
    else toast.info(`Stopped: ${job.written} of ${job.total} statements written`)
  }, [job?.phase]) // eslint-disable-line react-hooks/exhaustive-deps -- once per end of a batch

  async function pickFolder() {
    const answer = await invoke('workbook.pickFile', { purpose: 'statementsFolder' })
    if (answer.ok && answer.value) setPicked(answer.value)
  }

  /** The folder's handle: the one chosen natively, or browser mode's folder under the typed name. */
  async function folderHandle(): Promise<string | null> {
    if (nativeDialogs) return picked?.handle ?? null
    const name = folderName.trim()
    const answer = await invoke(
      'workbook.pickFile',
      name ? { purpose: 'statementsFolder', name } : { purpose: 'statementsFolder' },
    )
    if (!answer.ok) setError(answer.error.message)
    return answer.ok ? (answer.value?.handle ?? null) : null
  }

  async function start() {
    const chosen = whose.scope()
    if (!chosen) return
    setError(null)
    await readiness.check(chosen, () => void generate(chosen), setError)
  }

  async function generate(chosen: NonNullable<ReturnType<typeof whose.scope>>) {
    setError(null)
    setProgress(null)
    lastPicked = picked
    lastFolderName = folderName
    const folder = await folderHandle()
    if (!folder) return
    const answer = await invoke('statements.generate', { templateId, folder, scope: chosen, combined })
    if (!answer.ok) {
      setError(answer.error.message)
      return
    }
    setJob(answer.value)
  }

  const ended = job !== null && job.phase !== 'running'
  const percent = progress?.total ? Math.round((progress.done / progress.total) * 100) : 0

  return (
    <Modal
      title={`Save PDFs: ${templateName}`}
      closing={false}
      onDismiss={() => {
        if (!running) onClose(ended)
      }}
      footer={
        running ? (
          <button
            type="button"
            className="button button--danger"
            onClick={() => job && void invoke('statements.cancel', { jobId: job.jobId })}
            data-testid="gen-cancel"
          >
            Cancel
          </button>
        ) : ended ? (
          <button
            type="button"
            className="button button--primary"
            onClick={() => onClose(true)}
            data-testid="gen-close"
          >
            Close
          </button>
        ) : (
          <>
            <button type="button" className="button" onClick={() => onClose(false)} data-testid="gen-dismiss">
              Cancel
            </button>
            <button
              type="button"
              className="button button--primary"
              onClick={() => void start()}
              disabled={(nativeDialogs && !picked) || whose.scope() === null}
              data-testid="gen-start"
            >
              Save PDFs
            </button>
          </>
        )
      }
    >
      {job === null && (
        <div className="form statement-generate" data-testid="gen-form">
          {readiness.warning}
          <WhoseStatements choices={choices} state={whose} testId="gen" />
          <div className="form__field">
            <label htmlFor="gen-folder">{nativeDialogs ? 'Folder' : 'Folder name'}</label>
            <div className="statement-generate__folder">
              <input
                id="gen-folder"
                className="text-input"
                value={nativeDialogs ? (picked?.path ?? '') : folderName}
                readOnly={nativeDialogs}
                placeholder={nativeDialogs ? 'Choose a folder' : 'Statements and today’s date'}
                onChange={(event) => setFolderName(event.target.value)}
                data-testid="gen-folder"
              />
              {nativeDialogs && (
                <button
                  type="button"
                  className="button"
                  onClick={() => void pickFolder()}
                  data-testid="gen-folder-pick"
                >
                  Choose…
                </button>
              )}
            </div>
            {filesFolder && <p className="muted">Made in {filesFolder}</p>}
            <p className="muted">
              One PDF per employee, named from the Employee Id and the name; a file of the same name is
              replaced.
            </p>
          </div>
          <label>
            <input
              type="checkbox"
              checked={combined}
              onChange={(event) => setCombined(event.target.checked)}
              data-testid="gen-combined"
            />{' '}
            Also one combined PDF ({COMBINED_FILE_NAME})
          </label>
          {error && (
            <p className="form__error" role="alert" data-testid="gen-error">
              {error}
            </p>
          )}
        </div>
      )}
      {running && (
        <div className="statement-generate__progress" data-testid="gen-progress">
          <progress max={100} value={percent} aria-label="Statements written" />
          <p>{progress?.message ?? `Writing ${job.total.toLocaleString('en-US')} statements…`}</p>
        </div>
      )}
      {ended && job && (
        <div className="statement-generate__result" data-testid="gen-result" data-phase={job.phase}>
          <p data-testid="gen-result-summary">
            {job.phase === 'done'
              ? `Wrote ${job.written.toLocaleString('en-US')} statement${job.written === 1 ? '' : 's'} to ${job.folder}.`
              : job.phase === 'cancelled'
                ? `Stopped: ${job.written.toLocaleString('en-US')} of ${job.total.toLocaleString('en-US')} statements written to ${job.folder}.`
                : `The statements could not all be written: ${job.error ?? 'unknown error'}`}
          </p>
          {job.combined && <p data-testid="gen-result-combined">Combined: {job.combined}</p>}
          <ul className="statement-generate__files" data-testid="gen-files">
            {job.files.slice(0, FILES_SHOWN).map((f) => (
              <li key={f}>{f}</li>
            ))}
          </ul>
          {job.files.length > FILES_SHOWN && (
            <p className="muted">…and {(job.files.length - FILES_SHOWN).toLocaleString('en-US')} more.</p>
          )}
        </div>
      )}
    </Modal>
  )
}
