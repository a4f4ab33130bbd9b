import { landingPathAfterLogin, type RoleName } from '../../src-shared/domain/roles'

/** The `onlogin` value is followed only when it is an in-app path: starts with '/', not '//' or '/\'. */
export function safeReturnPath(value: string | null | undefined): string | null {
  if (!value || !value.startsWith('/')) return null
  if (value.startsWith('//') || value.startsWith('/\\')) return null
  return value
}

/**
 * Where the welcome screen sends a user once a workbook is open: `onlogin` if it is safe, else the
 * role's landing page (spec: owners, admins, super users and planners go to /employeetable), else
 * nowhere (null: stay on the welcome screen).
 */
export function pathAfterOpen(onlogin: string | null, role: RoleName): string | null {
  return safeReturnPath(onlogin) ?? landingPathAfterLogin(role)
}

/** The guard's redirect when no workbook is open: back to the root, remembering where we were. */
export function welcomePathFor(currentPath: string): string {
  return `/?onlogin=${encodeURIComponent(currentPath)}`
}
