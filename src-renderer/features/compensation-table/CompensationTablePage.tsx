import type { GridApi } from 'ag-grid-community'
import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { useSearchParams } from 'react-router'
import type { ColumnFilter, TableRow } from '../../../src-shared/contract'
import type { CurrencyCode } from '../../../src-shared/domain/currencies'
import { TABLE_COLUMNS, type TableColumnId } from '../../../src-shared/domain/table-columns'
import { invoke } from '../../app/client'
import { useSyncApplied } from '../../app/use-sync-applied'
import { useAppDispatch, useAppSelector } from '../../app/hooks'
import { selectSubmissionsVersion } from '../../app/data-slice'
import { selectRole, selectSessionKey } from '../../app/session-slice'
import { LoadingSkeleton } from '../../components/skeleton/LoadingSkeleton'
import { useToast } from '../../components/toast'
import { SubmitPlanButton } from '../planner-status/SubmitPlanButton'
import { downloadBase64, downloadText } from '../../components/download'
import { useUndoKeys } from '../../components/keyboard'
import { ColumnEditor } from './ColumnEditor'
import { displayCurrencyOf, pickableCurrencies } from './display-money'
import { filterKind, setOptions } from './filter-model'
import { buildColumnDefs } from './grid-columns'
import { hasAdminPowers } from '../../../src-shared/domain/roles'
import { CYCLE_CLOSED } from '../../../src-shared/domain/locks'
import { HistoryPanel } from './HistoryPanel'
import { EmployeeRecordPanel } from '../records/EmployeeRecordPanel'
import { Pagination } from './Pagination'
import { updateTableSession } from './session-store'
import { exportQuery, PAGE_SIZE, withFilter, type TableFilters } from './table-query'
import { TableGrid } from './TableGrid'
import { CurrencyPicker, FilterChips, FilterPopover, SearchBox } from './TableToolbar'
import { useColumnEditing } from './use-column-editing'
import { useRewardEdits } from './use-reward-edits'
import { useTableContext } from './use-table-context'
import { useTableData } from './use-table-data'
import { useBlockPaste } from './use-block-paste'
import { useJobProfiles } from './use-job-profiles'
import { PasteRefusal } from './PasteRefusal'
import { useViewingAs } from './use-viewing-as'
import { saveUserSettings } from './user-settings'
import { canViewAs } from './view-as'
import { ViewAsControl } from './ViewAsControl'
import { ViolationPanel } from './ViolationPanel'
import { ViolationSummary } from './ViolationSummary'
import './table.css'

type Panel =
  { kind: 'violations' } | { kind: 'history'; row: TableRow } | { kind: 'record'; row: TableRow } | null

/** /employeetable: the Compensation Table, a page of 25 rows at a time from the main process. */
export default function CompensationTablePage() {
  const dispatch = useAppDispatch()
  const toast = useToast()
  const sessionKey = useAppSelector(selectSessionKey)
  const role = useAppSelector(selectRole)
  const { settings, payCycle, ready } = useTableContext()
  const reloadToken = useAppSelector((state) => state.data.requestId ?? '')
  const { employeeId: viewAs, text: viewingAs } = useViewingAs()

  const display = useMemo(() => displayCurrencyOf(settings, payCycle), [settings, payCycle])
  const jobProfiles = useJobProfiles()
  const currencies = useMemo(() => pickableCurrencies(display), [display])
  const [filters, setFilters] = useState<TableFilters>({})
  // ?find=<Employee Id>: another page (a dashboard) opens the table on one employee.
  const [params, setParams] = useSearchParams()
  const find = params.get('find')
  const [search, setSearch] = useState(() => find ?? '')
  const [searchKey, setSearchKey] = useState(0)
  useEffect(() => {
    if (find === null) return
    setSearch(find)
    setSearchKey((k) => k + 1)
    setParams(
      (current) => {
        const next = new URLSearchParams(current)
        next.delete('find')
        return next
      },
      { replace: true },
    )
  }, [find, setParams])
  const view = useMemo(() => ({ filters, search, viewAsEmployeeId: viewAs }), [filters, search, viewAs])
  const table = useTableData(view, reloadToken)
  const columns = useColumnEditing(settings?.compensationTableConfig ?? null)

  const api = useRef<GridApi<TableRow> | null>(null)
  const getApi = useCallback(() => api.current, [])
  const [page, setPage] = useState({ current: 1, total: 0, rowCount: 0 })
  const [panel, setPanel] = useState<Panel>(null)
  const [changes, setChanges] = useState(0)
  const [exporting, setExporting] = useState(false)

  const { refreshSummary } = table
  const onChanged = useCallback(() => {
    void refreshSummary()
    setChanges((n) => n + 1)
  }, [refreshSummary])
  const edits = useRewardEdits({ sessionKey, getApi, onChanged })
  useUndoKeys(edits.undo, edits.redo)

  const { edit } = edits
  const onPromotion = useCallback(
    (row: TableRow, value: boolean) =>
      void edit(row, { promotion: value }, `Promotion of ${row.employeeName}`),
    [edit],
  )
  const onHistory = useCallback((row: TableRow) => setPanel({ kind: 'history', row }), [])
  const isAdmin = role !== null && hasAdminPowers(role)
  const onRecord = useMemo(
    () => (isAdmin ? (row: TableRow) => setPanel({ kind: 'record', row }) : null),
    [isAdmin],
  )
  const onRecordSaved = useCallback(() => {
    api.current?.refreshInfiniteCache()
    onChanged()
  }, [onChanged])
  // Others' changes from the company server: the rows shown are asked again, the position kept; a
  // cell being edited keeps its editor, and the rows follow once it closes.
  useSyncApplied(() => {
    const grid = api.current
    if (!grid || grid.getEditingCells().length === 0) return onRecordSaved()
    const afterEdit = () => {
      grid.removeEventListener('cellEditingStopped', afterEdit)
      onRecordSaved()
    }
    grid.addEventListener('cellEditingStopped', afterEdit)
  })
  // A submission or a send-back locks or unlocks rows: the rows shown are asked again, in place.
  const submissionsVersion = useAppSelector(selectSubmissionsVersion)
  const seenSubmissions = useRef(submissionsVersion)
  useEffect(() => {
    if (seenSubmissions.current === submissionsVersion) return
    seenSubmissions.current = submissionsVersion
    onRecordSaved()
  }, [submissionsVersion, onRecordSaved])
  const columnDefs = useMemo(
    () => buildColumnDefs(columns.ids, { display, onHistory, onRecord, onPromotion }),
    [columns.ids, display, onHistory, onRecord, onPromotion],
  )

  const shownQuery = useCallback(() => exportQuery({ ...view, sort: table.sort }), [view, table.sort])
  const pasteContext = useMemo(
    () => ({
      display,
      includeBonus: payCycle?.settings.includeBonus ?? true,
      includeLumpSum: payCycle?.settings.includeLumpSum ?? true,
      jobProfiles: jobProfiles.status === 'loaded' ? jobProfiles.profiles : null,
    }),
    [display, payCycle, jobProfiles],
  )
  const blockPaste = useBlockPaste({ query: shownQuery, context: pasteContext, paste: edits.paste })

  const filterable = useMemo(
    () =>
      TABLE_COLUMNS.flatMap((column) => {
        const kind = filterKind(column, payCycle?.settings ?? null)
        return kind
          ? [{ column, kind, options: setOptions(column, payCycle?.settings ?? null, currencies) }]
          : []
      }),
    [payCycle, currencies],
  )

  const syncPage = useCallback(() => {
    const grid = api.current
    if (!grid || grid.isDestroyed()) return
    setPage({
      current: grid.paginationGetCurrentPage() + 1,
      total: grid.paginationGetTotalPages(),
      rowCount: grid.paginationGetRowCount(),
    })
  }, [])
  const onReady = useCallback((grid: GridApi<TableRow>) => {
    api.current = grid
  }, [])

  const applyFilter = (column: TableColumnId, filter: ColumnFilter | null) =>
    setFilters((current) => withFilter(current, column, filter))

  const setViewAs = (employeeId: number | null) => {
    updateTableSession(sessionKey, () => ({ viewAsEmployeeId: employeeId }))
    if (panel?.kind === 'history') setPanel(null)
  }

  const setCurrency = async (code: CurrencyCode) => {
    const result = await dispatch(saveUserSettings({ preferredCurrency: code }))
    if (!result.ok) toast.error(result.error.message)
  }

  const exportTable = async (format: 'csv' | 'xlsx') => {
    setExporting(true)
    const shown = {
      query: exportQuery({ ...view, sort: table.sort }),
      columns: columns.ids,
      currency: display.preferred,
    }
    const result =
      format === 'csv' ? await invoke('table.exportCsv', shown) : await invoke('table.exportXlsx', shown)
    setExporting(false)
    if (!result.ok) return toast.error(result.error.message)
    if ('csv' in result.value) downloadText(result.value.csv, 'compensation-table.csv')
    else downloadBase64(result.value.base64, 'compensation-table.xlsx')
    const count = result.value.rows
    toast.success(`Exported ${count.toLocaleString('en-US')} ${count === 1 ? 'employee' : 'employees'}.`)
  }

  const findEmployee = (name: string) => {
    setSearch(name)
    setSearchKey((k) => k + 1)
  }

  if (!ready) {
    return (
      <section className="page">
        <LoadingSkeleton label="Loading the table…" />
      </section>
    )
  }
  return (
    <section className="page page--fill table-page" aria-labelledby="compensation-table-title">
      <header className="page__header">
        <div className="table-page__heading">
          <h1 id="compensation-table-title" className="page__title">
            Compensation Table
          </h1>
          {viewingAs && (
            <span className="viewing-as" data-testid="viewing-as">
              {viewingAs}
            </span>
          )}
          {payCycle && !payCycle.active && (
            <span
              className="notice notice--warning table-page__closed"
              role="status"
              data-testid="cycle-closed"
            >
              {CYCLE_CLOSED}
            </span>
          )}
        </div>
        <span className="muted" data-testid="compensation-table-count">
          {table.summary
            ? `${table.summary.total.toLocaleString('en-US')} ${table.summary.total === 1 ? 'employee' : 'employees'}`
            : 'Loading…'}
        </span>
      </header>
      <div className="table-toolbar" role="toolbar" aria-label="Table">
        <SearchBox key={searchKey} value={search} onSearch={setSearch} />
        <FilterPopover
          columns={filterable}
          filters={filters}
          currency={display.defaultCurrency}
          onApply={applyFilter}
        />
        <CurrencyPicker
          value={display.preferred}
          options={currencies}
          onChange={(code) => void setCurrency(code)}
        />
        {canViewAs(role) && <ViewAsControl viewAsEmployeeId={viewAs} onChange={setViewAs} />}
        <span className="table-toolbar__spacer" />
        <SubmitPlanButton />
        <button
          type="button"
          className="button"
          data-testid="table-export"
          disabled={exporting}
          onClick={() => void exportTable('csv')}
        >
          {exporting ? 'Exporting…' : 'Export CSV'}
        </button>
        <button
          type="button"
          className="button"
          data-testid="table-export-xlsx"
          disabled={exporting}
          onClick={() => void exportTable('xlsx')}
        >
          Export Excel
        </button>
        <button
          type="button"
          className={`button${columns.editing ? ' button--primary' : ''}`}
          data-testid="edit-columns-toggle"
          aria-pressed={columns.editing}
          disabled={columns.saving}
          onClick={() => (columns.editing ? void columns.finish() : columns.start())}
        >
          {columns.editing ? 'Finish Editing' : 'Edit Columns'}
        </button>
      </div>
      <FilterChips
        filters={filters}
        columns={filterable}
        currency={display.defaultCurrency}
        onRemove={(id) => applyFilter(id, null)}
      />
      <ViolationSummary summary={table.summary} onViewAll={() => setPanel({ kind: 'violations' })} />
      {table.error && (
        <p className="inline-error" role="alert" data-testid="table-error">
          {table.error}
        </p>
      )}
      <div className="table-page__body">
        {columns.items && (
          <ColumnEditor items={columns.items} onMove={columns.move} onToggle={columns.toggle} />
        )}
        <TableGrid
          columnDefs={columnDefs}
          datasource={table.datasource}
          display={display}
          switches={pasteContext}
          onReady={onReady}
          onPagination={syncPage}
          onSort={table.setSort}
          onEdit={(row, rowChanges, label) => void edits.edit(row, rowChanges, label)}
          onPaste={(request) => void blockPaste.pasteBlock(request)}
        />
      </div>
      <Pagination
        current={page.current}
        total={page.total}
        rowCount={page.rowCount}
        pageSize={PAGE_SIZE}
        onGoTo={(target) => api.current?.paginationGoToPage(target - 1)}
      />
      {blockPaste.refusal && <PasteRefusal refusal={blockPaste.refusal} onClose={blockPaste.dismiss} />}
      {panel?.kind === 'violations' && (
        <ViolationPanel
          viewAsEmployeeId={viewAs}
          version={`${changes}:${reloadToken}`}
          onClose={() => setPanel(null)}
          onFind={findEmployee}
        />
      )}
      {panel?.kind === 'history' && (
        <HistoryPanel row={panel.row} version={`${changes}`} onClose={() => setPanel(null)} />
      )}
      {panel?.kind === 'record' && (
        <EmployeeRecordPanel
          key={panel.row.id}
          employeeId={panel.row.id}
          employeeName={panel.row.employeeName}
          onClose={() => setPanel(null)}
          onSaved={onRecordSaved}
        />
      )}
    </section>
  )
}
