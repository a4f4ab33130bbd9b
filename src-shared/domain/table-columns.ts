/** The Compensation Table's column catalogue (planning spec §3 "Table column", §9 default columns). */

export type ColumnType = 'text' | 'number' | 'boolean' | 'date'
export type FilterType = 'text' | 'number' | 'date' | 'set' | 'performance' | null

export interface TableColumn {
  id: TableColumnId
  /** Path of the value in a table row. */
  uri: string
  label: string
  sortable: boolean
  filterable: boolean
  searchable: boolean
  type: ColumnType
  filterType: FilterType
  /** Required columns cannot be hidden. */
  required: boolean
  /** Money columns are converted into the preferred currency for display. */
  money?: boolean
  editable?: boolean
}

const column = (
  id: TableColumnId,
  label: string,
  type: ColumnType,
  filterType: FilterType,
  extra: Partial<TableColumn> = {},
): TableColumn => ({
  id,
  uri: id,
  label,
  sortable: filterType !== null,
  filterable: filterType !== null,
  searchable: false,
  type,
  filterType,
  required: false,
  ...extra,
})

export const TABLE_COLUMN_IDS = [
  'employeeName',
  'manager',
  'planner',
  'jobTitle',
  'performanceRating',
  'currentSalary',
  'currentPayInRange',
  'dollarIncrease',
  'salaryIncrease',
  'newSalary',
  'newFitInRange',
  'lumpSum',
  'bonus',
  'comments',
  'employeeId',
  'team',
  'hireDate',
  'compaRatio',
  'positionInRange',
  'promotion',
  'newJobProfile',
  'violations',
  'currency',
  'recommendedIncrease',
] as const
export type TableColumnId = (typeof TABLE_COLUMN_IDS)[number]

export const TABLE_COLUMNS: readonly TableColumn[] = [
  column('employeeName', 'Employee Name', 'text', 'text', { searchable: true, required: true }),
  column('manager', 'Manager', 'text', 'text'),
  column('planner', 'Planner', 'text', 'text'),
  column('jobTitle', 'Job Title', 'text', 'text'),
  column('performanceRating', 'Performance Rating', 'number', 'performance'),
  column('currentSalary', 'Current Salary', 'number', 'number', { money: true }),
  column('currentPayInRange', 'Current Pay in Range', 'number', 'number', { uri: 'positionInRange' }),
  column('dollarIncrease', 'Dollar Increase', 'number', 'number', { money: true }),
  column('salaryIncrease', 'Salary Increase', 'number', 'number'),
  column('newSalary', 'New Salary', 'number', 'number', { money: true, editable: true }),
  column('newFitInRange', 'New Fit in Range', 'number', 'number', { uri: 'newPositionInRange' }),
  column('lumpSum', 'Lump Sum', 'number', 'number', { money: true, editable: true }),
  column('bonus', 'Bonus', 'number', 'number', { money: true, editable: true }),
  column('comments', 'Comments', 'text', 'text', { editable: true }),
  column('employeeId', 'Employee Id', 'text', 'text', { searchable: true }),
  column('team', 'Team', 'text', 'text'),
  column('hireDate', 'Hire Date', 'date', 'date'),
  column('compaRatio', 'Compa Ratio', 'number', 'number'),
  column('positionInRange', 'Position in Range', 'number', 'number'),
  column('promotion', 'Promotion', 'boolean', 'set', { editable: true }),
  column('newJobProfile', 'New Job Profile', 'text', 'text', { editable: true }),
  column('violations', 'Violations', 'text', 'set', { uri: 'severity' }),
  column('currency', 'Currency', 'text', 'set'),
  // The saved merit matrix's recommendation (recommended_increase_per), a percent of current salary.
  column('recommendedIncrease', 'Recommended Increase', 'number', 'number'),
]

/** Spec §9, in order: employee name, manager, planner, job title, performance rating display, current salary, current pay in range plot, dollar increase, salary increase, new salary, new fit in range, lump sum, bonus, comments. */
export const DEFAULT_TABLE_COLUMNS: readonly TableColumnId[] = TABLE_COLUMN_IDS.slice(0, 14)

export function isTableColumnId(value: string): value is TableColumnId {
  return (TABLE_COLUMN_IDS as readonly string[]).includes(value)
}

/**
 * The user's saved column order (compensationTableConfig) when it has more than one known entry,
 * else the defaults (spec: accepted only with more than one entry).
 */
export function tableColumnsFor(config: readonly string[] | null): TableColumnId[] {
  const known = (config ?? []).filter(isTableColumnId)
  const required = TABLE_COLUMNS.filter((c) => c.required && !known.includes(c.id)).map((c) => c.id)
  return known.length > 1 ? [...required, ...known] : [...DEFAULT_TABLE_COLUMNS]
}

/** Number filters: equals within 0.01 (spec §5), less than, greater than, between. */
export const NUMBER_EQUALS_TOLERANCE = 0.01

/**
 * The unit of a row's money columns (issue 36): Current Salary, Dollar Increase and New Salary of an
 * hourly employee are per hour ("/hr"); a salaried employee's are annual.
 */
export const PER_HOUR_COLUMNS: ReadonlySet<TableColumnId> = new Set<TableColumnId>([
  'currentSalary',
  'dollarIncrease',
  'newSalary',
])
/** The header tooltip of the per-hour columns. */
export const HOURLY_MONEY_TOOLTIP = 'Hourly employees: per hour (/hr). Salaried employees: annual.'
/** Amounts that stay what they are for every employee: a lump sum is paid once. */
export const LUMP_SUM_TOOLTIP = 'Paid once, the same for hourly and salaried employees (not per hour).'
/** The bonus is annual; its percent is of the annualised new pay (hourly: rate × 2080 × FTE). */
export const BONUS_TOOLTIP =
  'Annual bonus; its percent is of the new pay annualised (hourly: rate × 2080 × FTE).'
