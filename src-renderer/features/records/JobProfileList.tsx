import { Fragment, useCallback, useState } from 'react'
import type { JobProfileRowDto } from '../../../src-shared/contract'
import type { JobProfileField } from '../../../src-shared/domain/company-records'
import { call } from '../../app/client'
import { useAppSelector } from '../../app/hooks'
import { selectSessionKey } from '../../app/session-slice'
import { useToast } from '../../components/toast'
import { UndoRedoButtons } from '../../components/undo/UndoRedoButtons'
import { useUndoSteps } from '../../components/undo/use-undo-steps'
import { Pagination } from '../compensation-table/Pagination'
import { RowEditActions, RowEditError } from './RowEditParts'
import { useRecordList } from './use-record-list'
import './records.css'

const TEXT_FIELDS = [
  ['jobProfile', 'Job Profile'],
  ['jobFamily', 'Job Family'],
  ['jobFamilyGroup', 'Job Family group'],
] as const

type Values = Record<JobProfileField, string>
const matchesProfile = (p: JobProfileRowDto, term: string) =>
  p.jobCode.toLowerCase().includes(term) ||
  Object.values(p.values).some((v) => v.toLowerCase().includes(term))

/**
 * The company's job profiles: labels, exemption and pay range edited in place (validated in the
 * main process), each save one undoable step; moving a profile to another range moves its
 * employees' compa ratios and violations.
 */
export function JobProfileList() {
  const toast = useToast()
  const [rangeNames, setRangeNames] = useState<string[]>([])
  const [editing, setEditing] = useState<{ id: number; values: Values; error: string | null } | null>(null)

  // The pay ranges' names come with the profiles: a profile's range is picked from them.
  const load = useCallback(async () => {
    const [profiles, ranges] = await Promise.all([
      call('jobProfiles.overview', {}),
      call('payRanges.overview', {}),
    ])
    setRangeNames([...new Set(ranges.map((r) => r.name))].sort())
    return profiles
  }, [])
  const list = useRecordList(load, matchesProfile)
  const { items: profiles, error, reload, rows } = list
  const sessionKey = useAppSelector(selectSessionKey)
  const steps = useUndoSteps(
    useCallback(() => void reload(), [reload]),
    // Buttons only: the pay-range list above owns Ctrl+Z on Manage Data.
    { keys: false, keepAs: `jobProfiles:${sessionKey ?? ''}` },
  )

  async function save() {
    if (!editing) return
    const { id, values } = editing
    try {
      const result = await call('jobProfiles.update', { jobProfileId: id, changes: values })
      setEditing(null)
      if (Object.keys(result.before).length === 0) return
      toast.success(result.message)
      const before = result.before
      steps.record({
        label: `job profile ${result.profile.jobCode}`,
        undo: async () => void (await call('jobProfiles.update', { jobProfileId: id, changes: before })),
        redo: async () => void (await call('jobProfiles.update', { jobProfileId: id, changes: values })),
      })
      void reload()
    } catch (caught) {
      setEditing({ ...editing, error: caught instanceof Error ? caught.message : String(caught) })
    }
  }

  const keys = (event: React.KeyboardEvent) => {
    if (event.key === 'Enter') void save()
    if (event.key === 'Escape') setEditing(null)
  }

  return (
    <section className="records panel" aria-labelledby="job-profiles-title" data-testid="job-profile-list">
      <header className="records__header">
        <h2 id="job-profiles-title">Job Profiles</h2>
        <input
          type="search"
          placeholder="Search job profiles"
          aria-label="Search job profiles"
          value={list.search}
          onChange={(event) => list.setSearch(event.target.value)}
          data-testid="job-profile-search"
        />
        <span className="records__spacer" />
        <UndoRedoButtons steps={steps} testId="job-profile" />
      </header>
      {error && <p role="alert">Failed to fetch job profiles: {error}</p>}
      {profiles && (
        <div className="records__scroll">
          <table className="records__table">
            <thead>
              <tr>
                <th scope="col">Job Code</th>
                {TEXT_FIELDS.map(([, label]) => (
                  <th key={label} scope="col">
                    {label}
                  </th>
                ))}
                <th scope="col">Exempt</th>
                <th scope="col">Pay Range</th>
                <th scope="col" className="records__num">
                  Employees
                </th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((p) =>
                editing?.id === p.id ? (
                  <Fragment key={p.id}>
                    <tr data-testid="job-profile-row" data-code={p.jobCode} className="records__editing">
                      <td className="records__code">{p.jobCode}</td>
                      {TEXT_FIELDS.map(([field, label]) => (
                        <td key={field}>
                          <input
                            className="records__text"
                            value={editing.values[field]}
                            aria-label={`${label} of ${p.jobCode}`}
                            onChange={(event) =>
                              setEditing({
                                ...editing,
                                error: null,
                                values: { ...editing.values, [field]: event.target.value },
                              })
                            }
                            onKeyDown={keys}
                            autoFocus={field === 'jobProfile'}
                            data-testid={`job-profile-${field}`}
                          />
                        </td>
                      ))}
                      <td>
                        <select
                          value={editing.values.exemptionStatus}
                          aria-label={`Exemption of ${p.jobCode}`}
                          onChange={(event) =>
                            setEditing({
                              ...editing,
                              error: null,
                              values: { ...editing.values, exemptionStatus: event.target.value },
                            })
                          }
                          onKeyDown={keys}
                        >
                          <option value="true">Yes</option>
                          <option value="false">No</option>
                        </select>
                      </td>
                      <td>
                        <select
                          value={editing.values.payRangeName}
                          aria-label={`Pay range of ${p.jobCode}`}
                          onChange={(event) =>
                            setEditing({
                              ...editing,
                              error: null,
                              values: { ...editing.values, payRangeName: event.target.value },
                            })
                          }
                          onKeyDown={keys}
                          data-testid="job-profile-payRangeName"
                        >
                          {rangeNames.map((name) => (
                            <option key={name} value={name}>
                              {name}
                            </option>
                          ))}
                        </select>
                      </td>
                      <td className="records__num">{p.employees.toLocaleString('en-US')}</td>
                      <RowEditActions
                        onSave={() => void save()}
                        onCancel={() => setEditing(null)}
                        testId="job-profile"
                      />
                    </tr>
                    <RowEditError error={editing.error} columns={8} testId="job-profile" />
                  </Fragment>
                ) : (
                  <tr key={p.id} data-testid="job-profile-row" data-code={p.jobCode}>
                    <td className="records__code">{p.jobCode}</td>
                    {TEXT_FIELDS.map(([field]) => (
                      <td key={field}>{p.values[field]}</td>
                    ))}
                    <td>{p.values.exemptionStatus === 'true' ? 'Yes' : 'No'}</td>
                    <td data-testid="job-profile-range-text">{p.values.payRangeName}</td>
                    <td className="records__num">{p.employees.toLocaleString('en-US')}</td>
                    <td>
                      <button
                        type="button"
                        className="button button--ghost"
                        aria-label={`Edit job profile ${p.jobCode}`}
                        onClick={() => setEditing({ id: p.id, error: null, values: p.values })}
                        data-testid="job-profile-edit"
                      >
                        Edit
                      </button>
                    </td>
                  </tr>
                ),
              )}
            </tbody>
          </table>
        </div>
      )}
      {profiles && list.found === 0 && <p className="muted">No job profile matches this search.</p>}
      {profiles && list.found > 0 && <Pagination {...list.pagination} />}
    </section>
  )
}
