import { useCallback, useEffect, useMemo, useState } from 'react'
import type { LiveRates, PayCycleChange, PayCycleDto } from '../../../src-shared/contract'
import { isCurrencyCode, type CurrencyCode } from '../../../src-shared/domain/currencies'
import {
  CREATE_CONFIGURATION_FAILED,
  editorActions,
  SAVE_CONFIGURATION_FAILED,
  todayIso,
} from '../../../src-shared/domain/pay-cycles'
import { formatLongDate } from '../../../src-shared/domain/proration'
import { COPY_PLANS_LABEL } from '../../../src-shared/domain/cycle-start'
import { invoke } from '../../app/client'
import { selectEmployees, selectPayRanges } from '../../app/data-slice'
import { useAppSelector } from '../../app/hooks'
import { useDialog } from '../../components/dialog'
import { useToast } from '../../components/toast'
import { CurrencySection } from './CurrencySection'
import { applyLiveRates, configInput, formErrors, isDirty, type EditorForm } from './editor-state'
import { GeneralSection } from './GeneralSection'
import { ProrationRulesEditor, RatingsEditor, ViolationSeverities } from './RulesSection'
import { BonusSection, ComponentsSection, LimitsSection } from './SettingsSections'

export interface PayCycleEditorProps {
  /** The configuration edited; null while creating a new one. */
  cycle: PayCycleDto | null
  initial: EditorForm
  /** The active configuration when it is another one (Create and Save And Activate deactivate it). */
  otherActive: PayCycleDto | null
  onSaved: (change: PayCycleChange) => void
  onCancel?: () => void
  onDirtyChange: (dirty: boolean) => void
}

/**
 * The PayCycleEditor (spec §5): every field of a configuration, checked with the rules main enforces.
 * 'This field is required.' shows once a field is left empty, and on every field once a save is tried.
 * Save, or Save And Activate for an inactive configuration; a new one is created active.
 */
export function PayCycleEditor({
  cycle,
  initial,
  otherActive,
  onSaved,
  onCancel,
  onDirtyChange,
}: PayCycleEditorProps) {
  const toast = useToast()
  const dialog = useDialog()
  const [form, setForm] = useState(initial)
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set())
  const [attempted, setAttempted] = useState(false)
  const [saving, setSaving] = useState(false)
  const [saveError, setSaveError] = useState<string | null>(null)
  const [reloading, setReloading] = useState(false)
  const [live, setLive] = useState<LiveRates | null>(null)
  const [copyPlans, setCopyPlans] = useState(false)
  const employees = useAppSelector(selectEmployees)
  const payRanges = useAppSelector(selectPayRanges)
  const payCurrencies = useMemo(() => {
    const codes = new Set<string>()
    for (const e of employees) codes.add(e.defaultPayCurrency)
    for (const r of payRanges) codes.add(r.payCurrency)
    return [...codes]
  }, [employees, payRanges])
  const today = todayIso()
  const savedEffectiveDate = cycle?.effectiveDate ?? null
  const errors = useMemo(() => formErrors(form, today, savedEffectiveDate), [form, today, savedEffectiveDate])
  const dirty = isDirty(form, initial)
  useEffect(() => onDirtyChange(dirty), [dirty, onDirtyChange])

  const update = useCallback((change: (f: EditorForm) => EditorForm) => setForm((f) => change(f)), [])
  const touch = useCallback((path: string) => setTouched((t) => (t.has(path) ? t : new Set(t).add(path))), [])
  const errorOf = useCallback(
    (path: string) => ((attempted || touched.has(path)) && errors[path]) || null,
    [attempted, touched, errors],
  )
  const section = { form, update, errorOf, touch }

  async function reloadLive() {
    setReloading(true)
    const codes = form.rates.map((r) => r.code).filter(isCurrencyCode) as CurrencyCode[]
    const result = await invoke('currencyRates.live', {
      base: form.defaultCurrency as CurrencyCode,
      currencies: codes,
    })
    setReloading(false)
    const answer: LiveRates = result.ok
      ? result.value
      : {
          base: form.defaultCurrency,
          rates: {},
          date: null,
          missing: [],
          offline: `Live rates are offline: ${result.error.message}`,
        }
    setLive(answer)
    if (answer.offline) return
    update((f) => applyLiveRates(f, answer))
    toast.info(
      `Live rates${answer.date ? ` of ${formatLongDate(answer.date)}` : ''} filled in; save to keep them.`,
    )
  }

  async function save(activate: boolean) {
    setAttempted(true)
    setSaveError(null)
    if (Object.keys(errors).length > 0) {
      setSaveError('Fix the fields marked in red first.')
      return
    }
    const creating = cycle === null
    if ((creating || activate) && otherActive) {
      const confirmed = await dialog.confirm({
        title: creating ? 'Create and activate this configuration?' : `Activate ${form.name.trim()}?`,
        message: `${creating ? 'A new configuration is always saved active: ' : ''}${otherActive.name} will be deactivated (closed), and its employees move to ${form.name.trim()}${copyPlans ? ' with their plans' : ' with no planned rewards, recommendations or team budgets'}.`,
        confirmLabel: creating ? 'Create' : 'Save And Activate',
      })
      if (!confirmed) return
    }
    setSaving(true)
    const config = configInput(form)
    const result = creating
      ? await invoke('payCycles.create', { config, copyPlans })
      : await invoke('payCycles.save', { id: cycle.id, config, activate, copyPlans })
    setSaving(false)
    if (!result.ok) {
      toast.error(creating ? result.error.message || CREATE_CONFIGURATION_FAILED : SAVE_CONFIGURATION_FAILED)
      setSaveError(result.error.message)
      return
    }
    toast.success(result.value.message)
    onSaved(result.value)
  }

  const actions = editorActions(cycle)
  return (
    <form
      className="pce"
      data-testid="pay-cycle-editor"
      data-mode={cycle ? 'edit' : 'create'}
      noValidate
      onSubmit={(event) => event.preventDefault()}
    >
      <GeneralSection {...section} savedEffectiveDate={savedEffectiveDate} />
      <CurrencySection
        {...section}
        onReloadLive={() => void reloadLive()}
        reloading={reloading}
        offline={live}
        payCurrencies={payCurrencies}
      />
      <ComponentsSection {...section} />
      <BonusSection {...section} />
      <LimitsSection {...section} />
      <section className="pce-section" aria-labelledby="pce-rules">
        <h3 id="pce-rules">Rules</h3>
        <ProrationRulesEditor {...section} />
        <ViolationSeverities {...section} />
        <RatingsEditor {...section} />
      </section>
      <div className="pce-footer">
        {saveError && (
          <p className="inline-error pce-footer__error" role="alert" data-testid="pce-error">
            {saveError}
          </p>
        )}
        <span className="muted pce-footer__state" data-testid="pce-dirty">
          {dirty ? 'Unsaved changes' : cycle ? 'Saved' : 'Not saved yet'}
        </span>
        {onCancel && (
          <button type="button" className="button" onClick={onCancel} disabled={saving}>
            Cancel
          </button>
        )}
        {cycle && (
          <button
            type="button"
            className="button"
            disabled={!dirty || saving}
            onClick={() => {
              setForm(initial)
              setTouched(new Set())
              setAttempted(false)
              setSaveError(null)
            }}
            data-testid="pce-revert"
          >
            Revert
          </button>
        )}
        {otherActive && (actions.includes('Create') || actions.includes('Save And Activate')) && (
          <label className="pce-footer__copy" title="Off: the new cycle starts with no planned rewards">
            <input
              type="checkbox"
              checked={copyPlans}
              onChange={(event) => setCopyPlans(event.target.checked)}
              data-testid="pce-copy-plans"
            />{' '}
            {COPY_PLANS_LABEL}
          </label>
        )}
        {actions.includes('Create') && (
          <button
            type="button"
            className="button button--primary"
            disabled={saving}
            onClick={() => void save(false)}
            data-testid="pce-create"
          >
            {saving ? 'Creating…' : 'Create'}
          </button>
        )}
        {actions.includes('Save') && (
          <button
            type="button"
            className={`button${actions.includes('Save And Activate') ? '' : ' button--primary'}`}
            disabled={saving || !dirty}
            onClick={() => void save(false)}
            data-testid="pce-save"
          >
            {saving ? 'Saving…' : 'Save'}
          </button>
        )}
        {actions.includes('Save And Activate') && (
          <button
            type="button"
            className="button button--primary"
            disabled={saving}
            onClick={() => void save(true)}
            data-testid="pce-save-activate"
          >
            Save And Activate
          </button>
        )}
      </div>
    </form>
  )
}
