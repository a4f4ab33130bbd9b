import { roleMayCall, type AccessRule } from '../../src-shared/domain/access'
import type { RoleName } from '../../src-shared/domain/roles'

/**
 * May this role call a channel with this access rule? `open` channels need no workbook; every
 * other rule needs an acting user. The rule itself (canAccessPage for `pages`, hasAdminPowers for
 * `admin`) lives once, in src-shared/domain/access.ts, which the main process enforces too.
 */
export function canCall(role: RoleName | null, access: AccessRule): boolean {
  if (access.kind === 'open') return true
  return role !== null && roleMayCall(role, access)
}
