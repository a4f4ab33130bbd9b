/** Spec §8: a failed matrix calculation shows the server's message, else these, in this order. */
export const MATRIX_FETCH_ERROR = 'An error occurred while fetching the matrix data.'
export const UNEXPECTED_ERROR = 'An unexpected error occurred.'
/** Spec §8: "Matrix configuration 404: a warning; defaults (null) are used". */
export const NO_MATRIX_CONFIG_WARNING =
  'No matrix configuration is saved for this pay cycle; defaults are used.'
export const MERIT_NOT_INCLUDED = 'Merit increases are not part of this pay cycle (includeMerit is off).'
export const NO_DESIRED_BUDGET = 'Give a desired budget, or set the company merit budget of the pay cycle.'

/**
 * The message to show for a failed matrix call: the answer's own message; else, when there was an
 * answer without one, 'An error occurred while fetching the matrix data.'; else (no answer at all)
 * 'An unexpected error occurred.'.
 */
export function matrixErrorMessage(failure: unknown): string {
  if (failure == null || typeof failure !== 'object') return UNEXPECTED_ERROR
  const message = (failure as { message?: unknown }).message
  return typeof message === 'string' && message.trim() !== '' ? message : MATRIX_FETCH_ERROR
}
