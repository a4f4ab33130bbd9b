import { canAccessPage, hasAdminPowers, type PageKey, type RoleName } from './roles'

/** A channel's access rule (see contract/channels.ts), checked against the acting user's role. */
export type AccessRule =
  { kind: 'open' } | { kind: 'member' } | { kind: 'pages'; pages: readonly PageKey[] } | { kind: 'admin' }

export function roleMayCall(role: RoleName, access: AccessRule): boolean {
  switch (access.kind) {
    case 'open':
    case 'member':
      return true
    case 'pages':
      return access.pages.some((page) => canAccessPage(role, page))
    case 'admin':
      return hasAdminPowers(role)
  }
}
