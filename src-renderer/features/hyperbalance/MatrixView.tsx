import { matrixErrorMessage, POSITION_BANDS } from '../../../src-shared/contract'
import { LoadingSkeleton } from '../../components/skeleton/LoadingSkeleton'
import { CellEmployees } from './CellEmployees'
import { MatrixActions } from './MatrixActions'
import { MatrixSettings } from './MatrixSettings'
import { MissingRatesNote } from '../../components/missing-rates/MissingRatesNote'
import { BubbleTable, BudgetUsed, HeatMap, Unplaced } from './MatrixTables'
import { useMatrix } from './use-matrix'
import './matrix.css'

/**
 * The pay-cycle matrix screen (planning document §2.7, §9): the priorities and the over-max slider
 * shape the merit matrix the main process calculates; the heat map shows its percentages, the bubble
 * table the counts per rating and position band before and after; a cell lists its employees; Save
 * writes every recommendation (one undo step).
 */
export function MatrixView() {
  const {
    config,
    inputs,
    cell,
    cellPage,
    setCellPage,
    answer,
    error,
    busy,
    saving,
    canUndo,
    change,
    select,
    save,
    restore,
  } = useMatrix()

  if (config.state === 'failed' && !config.value)
    return <p className="inline-error">{matrixErrorMessage(config)}</p>
  if (!inputs) return <LoadingSkeleton label="Loading the matrix…" />
  const currency = answer?.default_currency ?? config.value?.default_currency ?? 'USD'
  return (
    <section className="matrix" data-testid="matrix-view" aria-busy={busy}>
      {config.value?.warning && !config.value.hyperbalance_config && (
        <p className="matrix__note" role="note">
          {config.value.warning}
        </p>
      )}
      <div className="matrix__controls">
        <MatrixSettings inputs={inputs} currency={currency} change={change} />
        <MatrixActions
          saving={saving}
          canSave={answer !== null}
          canUndo={canUndo}
          onSave={() => void save()}
          onUndo={() => void restore('undo')}
        />
      </div>
      {error && (
        <p className="inline-error" role="alert">
          {error}
        </p>
      )}
      {!answer ? (
        <LoadingSkeleton label="Calculating the matrix…" />
      ) : (
        <>
          <BudgetUsed answer={answer} />
          <Unplaced answer={answer} />
          <MissingRatesNote
            missing={answer.missing_rates}
            figure="the matrix"
            defaultCurrency={answer.default_currency}
            testId="matrix-missing-rates"
          />
          <div className="matrix__tables">
            <HeatMap answer={answer} cell={cell} onSelect={select} />
            <BubbleTable answer={answer} cell={cell} onSelect={select} />
          </div>
          {cell && (
            <CellEmployees
              answer={answer}
              page={cellPage}
              onPage={setCellPage}
              label={`${answer.performance_ratings[cell.row]} · position ${POSITION_BANDS[cell.column]}`}
            />
          )}
        </>
      )}
    </section>
  )
}
