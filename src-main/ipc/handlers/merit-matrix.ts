import {
  calculateMatrix,
  readMatrixConfig,
  restoreMatrixSave,
  saveMatrixRecommendations,
} from '../../services/merit-matrix'
import type { HandlerMap } from '../types'

/** calculate-matrix (HyperBalance): the engine over the table model, its saved configuration, save and undo. */
export const meritMatrixHandlers: HandlerMap = {
  'matrix.calculate': async (input, { session, workbook }) => calculateMatrix(session.table, workbook, input),
  'matrix.config': async (_input, { session, workbook }) => readMatrixConfig(session.table, workbook),
  'matrix.save': async (input, { session, workbook, user }) =>
    saveMatrixRecommendations(session.table, workbook, user, input),
  'matrix.restore': async (input, { session, workbook, user }) =>
    restoreMatrixSave(session.table, workbook, user, input),
}
