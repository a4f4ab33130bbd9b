import type { MatrixRequest, MeritMatrix } from '../domain/merit-matrix'

export type {
  CellEmployee,
  CurrentCountRow,
  MatrixCell,
  MatrixRequest,
  MeritMatrix,
  NewCountRow,
  PercentRow,
} from '../domain/merit-matrix'
export {
  MATRIX_FETCH_ERROR,
  NO_MATRIX_CONFIG_WARNING,
  POSITION_BANDS,
  UNEXPECTED_ERROR,
  matrixErrorMessage,
  type PositionBand,
} from '../domain/merit-matrix'

/**
 * calculate-matrix as the main process answers it (spec §7 fields; money in cents of the default
 * currency, percents as percent numbers). Rows are ratings lowest first (`performance_ratings`),
 * columns the bands '0.0'…'1.0' (`position_bands`); a cell is { row, column } counted from 0.
 */
export interface MatrixAnswer extends Omit<MeritMatrix, 'allocations'> {
  default_currency: string
  /** The company merit budget (the desired budget's default), cents; null when none is set. */
  company_merit_budget: number | null
  /** Employees in the selected cell; `cell_data` is the page from `cell_offset`. */
  cell_total: number
  cell_offset: number
  /** With `per_employee`: every placed employee, by Employee Id. */
  employees?: MatrixEmployeeRow[]
}

export interface MatrixEmployeeRow {
  /** The company's Employee Id. */
  id: string
  rating: number | null
  currentPositionInRange: number
  newPositionInRange: number | null
  /** Annual increase, cents of the default currency. */
  increase: number
  increasePercent: number
}

/** The saved configuration (GET /calculate-matrix/'s hyperbalance_config). */
export interface MatrixConfig extends Omit<MatrixRequest, 'cell'> {
  budget_used: number
  saved_at: string
}

/** What the matrix screen starts from: the saved configuration, or null defaults and a warning. */
export interface MatrixConfigAnswer {
  hyperbalance_config: MatrixConfig | null
  /** "a 404 is treated as no configuration (null)": NO_MATRIX_CONFIG_WARNING, else null. */
  warning: string | null
  defaults: {
    performance_multiplier_priority: number | null
    position_in_range_priority: number | null
    max_position_in_range: number | null
    desired_budget: number | null
  }
  company_merit_budget: number | null
  default_currency: string
}

export interface SavedMatrix {
  matrix: MatrixAnswer
  config: MatrixConfig
  /** The change-log entry; `matrix.restore` with side 'before' undoes the save, 'after' redoes it. */
  changeLogId: number
  /** Employees whose reward now carries a recommendation. */
  recommended: number
  message: string
}

export interface RestoredMatrix {
  config: MatrixConfig | null
  /** Rewards written back. */
  rewards: number
  message: string
}
