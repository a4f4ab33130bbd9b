/**
 * The last sign-in's value for a field, unless the user typed into it before the status answered
 * (on a busy machine it can come after they started typing: it must not wipe what they typed).
 */
export function prefilled(typed: string, last: string | null | undefined): string {
  return typed !== '' ? typed : (last ?? '')
}
