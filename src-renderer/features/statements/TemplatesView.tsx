import { useCallback, useEffect, useMemo, useState } from 'react'
import type {
  StatementTemplateDto,
  StatementTemplateSummary,
  TemplateChange,
} from '../../../src-shared/contract'
import {
  newTemplateDraft,
  type StatementTemplateDraft,
} from '../../../src-shared/domain/statements/templates'
import { invoke } from '../../app/client'
import { useDialog } from '../../components/dialog'
import { useToast } from '../../components/toast'
import { useUndoSteps } from '../../components/undo/use-undo-steps'
import { sameDraft, startHistory, type DraftHistory } from './draft-history'
import { RewardStatementPreview, TEMPLATE_LOAD_FAILED } from './RewardStatementPreview'
import { TemplateEditor } from './TemplateEditor'

function draftOf(t: StatementTemplateDto): StatementTemplateDraft {
  return { name: t.name, logo: t.logo, intro: t.intro, closing: t.closing, dataTags: t.dataTags }
}

/** The template list beside the editor; saves and deletes are undone from the change log. */
export function TemplatesView({
  templates,
  reload,
  sessionKey,
}: {
  templates: StatementTemplateSummary[]
  reload: () => Promise<void>
  sessionKey: string | null
}) {
  const toast = useToast()
  const dialog = useDialog()
  const [selected, setSelected] = useState<number | null>(null)
  const [saved, setSaved] = useState<StatementTemplateDraft | null>(null)
  const [history, setHistoryState] = useState<DraftHistory | null>(null)
  const [busy, setBusy] = useState(false)
  const [previewing, setPreviewing] = useState<StatementTemplateDraft | null>(null)
  const steps = useUndoSteps(() => void reload(), {
    keys: false,
    keepAs: sessionKey && `statements:${sessionKey}`,
  })

  const setHistory = useCallback((update: (h: DraftHistory) => DraftHistory) => {
    setHistoryState((h) => (h ? update(h) : h))
  }, [])

  const open = useCallback(
    async (id: number) => {
      const answer = await invoke('statements.template', { id })
      if (!answer.ok) {
        toast.error(TEMPLATE_LOAD_FAILED)
        return
      }
      setSelected(id)
      setSaved(draftOf(answer.value))
      setHistoryState(startHistory(draftOf(answer.value)))
    },
    [toast],
  )

  // The first template opens by itself; with none, a new draft waits.
  useEffect(() => {
    if (history !== null) return
    if (templates.length > 0) void open(templates[0].id)
    else {
      setSelected(null)
      setSaved(null)
      setHistoryState(startHistory(newTemplateDraft()))
    }
  }, [templates, history, open])

  const dirty = useMemo(
    () => (history && saved ? !sameDraft(history.present, saved) : history !== null),
    [history, saved],
  )

  async function confirmLeave(): Promise<boolean> {
    if (!dirty || selected === null) return true
    return dialog.confirm({
      title: 'Discard changes?',
      message: 'The template has changes that are not saved. Discard them?',
      confirmLabel: 'Discard',
      tone: 'danger',
    })
  }

  function recordStep(change: TemplateChange, label: string) {
    const restore = (side: 'before' | 'after') => async () => {
      const answer = await invoke('statements.restoreTemplate', { changeLogId: change.changeLogId, side })
      if (!answer.ok) throw new Error(answer.error.message)
      const t = answer.value.template
      if (t) {
        setSelected(t.id)
        setSaved(draftOf(t))
        setHistoryState(startHistory(draftOf(t)))
      } else setHistoryState(null)
    }
    steps.record({ label, undo: restore('before'), redo: restore('after') })
  }

  async function save() {
    if (!history) return
    setBusy(true)
    const answer = await invoke('statements.saveTemplate', { id: selected, draft: history.present })
    setBusy(false)
    if (!answer.ok) {
      toast.error(`Error: ${answer.error.message}`)
      return
    }
    const t = answer.value.template as StatementTemplateDto
    toast.success(answer.value.message)
    recordStep(answer.value, answer.value.message)
    setSelected(t.id)
    setSaved(draftOf(t))
    setHistoryState((h) => (h ? { ...h, present: draftOf(t) } : startHistory(draftOf(t))))
    await reload()
  }

  async function remove() {
    if (selected === null || !history) return
    const confirmed = await dialog.confirm({
      title: 'Delete template',
      message: `Delete the template ${saved?.name ?? ''}? Statements written with it keep its name. Undo brings it back.`,
      confirmLabel: 'Delete',
      tone: 'danger',
    })
    if (!confirmed) return
    setBusy(true)
    const answer = await invoke('statements.deleteTemplate', { id: selected })
    setBusy(false)
    if (!answer.ok) {
      toast.error(`Error: ${answer.error.message}`)
      return
    }
    toast.success(answer.value.message)
    recordStep(answer.value, answer.value.message)
    setHistoryState(null)
    await reload()
  }

  return (
    <div className="statements-templates">
      <aside className="panel statements-template-list" aria-label="Templates">
        <div className="statements-template-list__head">
          <h2>Templates</h2>
          <button
            type="button"
            className="button button--primary"
            onClick={async () => {
              if (!(await confirmLeave())) return
              setSelected(null)
              setSaved(null)
              setHistoryState(startHistory(newTemplateDraft()))
            }}
            data-testid="statement-template-new"
          >
            New template
          </button>
        </div>
        {templates.length === 0 ? (
          <p className="empty-state" data-testid="statement-templates-empty">
            No templates yet: write the first one.
          </p>
        ) : (
          <ul className="statements-template-list__items">
            {templates.map((t) => (
              <li key={t.id}>
                <button
                  type="button"
                  className={`statements-template-list__item${t.id === selected ? ' statements-template-list__item--active' : ''}`}
                  aria-current={t.id === selected}
                  onClick={async () => {
                    if (t.id !== selected && (await confirmLeave())) await open(t.id)
                  }}
                  data-testid="statement-template"
                  data-id={t.id}
                >
                  {t.name}
                  {t.hasLogo && <span className="muted"> · logo</span>}
                </button>
              </li>
            ))}
          </ul>
        )}
        <div className="statements-template-list__undo">
          <button
            type="button"
            className="button button--ghost"
            onClick={steps.undo}
            disabled={!steps.undoLabel}
            title={steps.undoLabel ? `Undo: ${steps.undoLabel}` : 'Nothing to undo'}
            data-testid="statements-undo"
          >
            Undo
          </button>
          <button
            type="button"
            className="button button--ghost"
            onClick={steps.redo}
            disabled={!steps.redoLabel}
            title={steps.redoLabel ? `Redo: ${steps.redoLabel}` : 'Nothing to redo'}
            data-testid="statements-redo"
          >
            Redo
          </button>
        </div>
      </aside>
      {history && (
        <TemplateEditor
          key={selected ?? 'new'}
          history={history}
          setHistory={setHistory}
          isNew={selected === null}
          dirty={dirty}
          busy={busy}
          onSave={() => void save()}
          onDelete={() => void remove()}
          onPreview={() => setPreviewing(history.present)}
        />
      )}
      {previewing && (
        <RewardStatementPreview draft={previewing} employeeId={null} onClose={() => setPreviewing(null)} />
      )}
    </div>
  )
}
