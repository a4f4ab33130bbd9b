import { firstTextRefusal } from '../../src-shared/domain/free-text'
import { Failure } from './failure'

/**
 * Refuses free text a workbook must not hold (NUL, a lone surrogate), naming the field: the
 * service's own door, behind the channel's schema, for any caller that reaches it another way.
 */
export function requireStorableText(values: Readonly<Record<string, string | null | undefined>>): void {
  const refusal = firstTextRefusal(values)
  if (refusal !== null) throw new Failure('BAD_INPUT', refusal)
}
