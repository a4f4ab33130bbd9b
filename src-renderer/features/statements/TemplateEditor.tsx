import { useRef, useState } from 'react'
import {
  DATA_TAG_LABELS,
  DATA_TAGS,
  LOGO_TYPES,
  templateProblems,
  type StatementTemplateDraft,
} from '../../../src-shared/domain/statements/templates'
import { changeDraft, redoDraft, undoDraft, type DraftHistory } from './draft-history'
import { logoSize, LOGO_PIXELS } from './logo'
import { MergeTextField } from './MergeTextField'

/**
 * The logo as the workbook keeps it: a JPEG on white, at most three times the statement's logo box
 * (a PDF embeds a JPEG as it is; a transparent PNG would be decoded again for every statement).
 */
function statementLogo(dataUrl: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const image = new Image()
    image.onload = () => {
      const size = logoSize(image.naturalWidth, image.naturalHeight, LOGO_PIXELS)
      const canvas = document.createElement('canvas')
      canvas.width = size.width
      canvas.height = size.height
      const context = canvas.getContext('2d')
      if (!context) return reject(new Error('no canvas'))
      context.fillStyle = '#ffffff'
      context.fillRect(0, 0, size.width, size.height)
      context.drawImage(image, 0, 0, size.width, size.height)
      resolve(canvas.toDataURL('image/jpeg', 0.92))
    }
    image.onerror = () => reject(new Error('not an image'))
    image.src = dataUrl
  })
}

/** The template editor: name, logo, intro and closing with merge tags, the data-tag toggles. */
export function TemplateEditor({
  history,
  setHistory,
  isNew,
  dirty,
  busy,
  onSave,
  onDelete,
  onPreview,
}: {
  history: DraftHistory
  setHistory: (update: (h: DraftHistory) => DraftHistory) => void
  isNew: boolean
  dirty: boolean
  busy: boolean
  onSave: () => void
  onDelete: () => void
  onPreview: () => void
}) {
  const draft = history.present
  const fileRef = useRef<HTMLInputElement>(null)
  const [logoError, setLogoError] = useState<string | null>(null)
  const problems = templateProblems(draft)
  const nameProblem = problems.find((p) => p.field === 'name')
  const logoProblem = problems.find((p) => p.field === 'logo')

  const step = (next: Partial<StatementTemplateDraft>) =>
    setHistory((h) => changeDraft(h, { ...h.present, ...next }, null))
  const type = (field: 'name' | 'intro' | 'closing', value: string) =>
    setHistory((h) => changeDraft(h, { ...h.present, [field]: value }, { field, at: Date.now() }))

  function chooseLogo(file: File | undefined) {
    setLogoError(null)
    if (!file) return
    if (!(LOGO_TYPES as readonly string[]).includes(file.type)) {
      setLogoError('The logo must be a PNG or JPEG image.')
      return
    }
    const reader = new FileReader()
    reader.onload = () => {
      if (typeof reader.result !== 'string') return
      void statementLogo(reader.result).then(
        (logo) => step({ logo }),
        () => setLogoError(`${file.name} is not an image this app can read.`),
      )
    }
    reader.onerror = () => setLogoError(`${file.name} could not be read.`)
    reader.readAsDataURL(file)
  }

  return (
    <form
      className="panel statement-editor"
      data-testid="statement-editor"
      data-mode={isNew ? 'create' : 'edit'}
      onSubmit={(event) => {
        event.preventDefault()
        onSave()
      }}
    >
      <div className="statement-editor__toolbar">
        <button
          type="button"
          className="button"
          onClick={() => setHistory(undoDraft)}
          disabled={history.past.length === 0}
          data-testid="ste-undo"
        >
          Undo
        </button>
        <button
          type="button"
          className="button"
          onClick={() => setHistory(redoDraft)}
          disabled={history.future.length === 0}
          data-testid="ste-redo"
        >
          Redo
        </button>
        {dirty && (
          <span className="muted" data-testid="ste-dirty">
            Unsaved changes
          </span>
        )}
      </div>
      <div className="form__field">
        <label htmlFor="ste-name">Name</label>
        <input
          id="ste-name"
          className="text-input"
          value={draft.name}
          onChange={(event) => type('name', event.target.value)}
          aria-invalid={nameProblem !== undefined}
          data-testid="ste-name"
        />
        {nameProblem && <p className="field-error">{nameProblem.message}</p>}
      </div>
      <div className="form__field">
        <span>Logo</span>
        <div className="statement-logo">
          {draft.logo ? (
            <img src={draft.logo} alt="Logo" className="statement-logo__image" data-testid="ste-logo-image" />
          ) : (
            <span className="muted">No logo</span>
          )}
          <input
            ref={fileRef}
            type="file"
            accept={LOGO_TYPES.join(',')}
            className="visually-hidden"
            onChange={(event) => {
              chooseLogo(event.target.files?.[0])
              event.target.value = ''
            }}
            data-testid="ste-logo-input"
          />
          <button
            type="button"
            className="button"
            onClick={() => fileRef.current?.click()}
            data-testid="ste-logo"
          >
            {draft.logo ? 'Change logo…' : 'Choose logo…'}
          </button>
          {draft.logo && (
            <button
              type="button"
              className="button button--ghost"
              onClick={() => step({ logo: null })}
              data-testid="ste-logo-remove"
            >
              Remove logo
            </button>
          )}
        </div>
        {(logoError ?? logoProblem?.message) && (
          <p className="field-error">{logoError ?? logoProblem?.message}</p>
        )}
      </div>
      <MergeTextField
        field="intro"
        label="Intro text"
        value={draft.intro}
        onType={(v) => type('intro', v)}
        onInsert={(v) => step({ intro: v })}
      />
      <fieldset className="statement-tags">
        <legend>Data tags: what the compensation table shows</legend>
        {DATA_TAGS.map((tag) => (
          <label key={tag} className="statement-tags__tag">
            <input
              type="checkbox"
              checked={draft.dataTags[tag]}
              onChange={(event) => step({ dataTags: { ...draft.dataTags, [tag]: event.target.checked } })}
              data-testid={`ste-tag-${tag}`}
            />
            {DATA_TAG_LABELS[tag]} <code className="muted">{tag}</code>
          </label>
        ))}
      </fieldset>
      <MergeTextField
        field="closing"
        label="Closing text"
        value={draft.closing}
        onType={(v) => type('closing', v)}
        onInsert={(v) => step({ closing: v })}
      />
      <div className="form__actions">
        <button
          type="button"
          className="button"
          onClick={onPreview}
          disabled={busy}
          data-testid="ste-preview"
        >
          Preview
        </button>
        {!isNew && (
          <button
            type="button"
            className="button button--danger"
            onClick={onDelete}
            disabled={busy}
            data-testid="ste-delete"
          >
            Delete
          </button>
        )}
        <button
          type="submit"
          className="button button--primary"
          disabled={busy || problems.length > 0 || (!dirty && !isNew)}
          data-testid="ste-save"
        >
          {isNew ? 'Create template' : 'Save'}
        </button>
      </div>
    </form>
  )
}
