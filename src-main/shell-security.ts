import { CONTENT_SECURITY_POLICY } from './web/security'

/**
 * What the Electron shell decides about security, as plain data and functions so that it loads and
 * is tested without Electron (src-main/index.ts only applies it). Electron's security checklist:
 * context isolation, the sandbox, no Node.js in the page, web security on, no remote content, a CSP
 * without 'unsafe-eval', navigation and new windows refused, permissions denied, IPC only from our
 * own frame.
 */

/** The window's web preferences: every checklist switch set explicitly, whatever Electron's defaults. */
export function windowWebPreferences(preload: string) {
  return {
    preload,
    contextIsolation: true,
    sandbox: true,
    nodeIntegration: false,
    nodeIntegrationInWorker: false,
    nodeIntegrationInSubFrames: false,
    webSecurity: true,
    allowRunningInsecureContent: false,
    experimentalFeatures: false,
    webviewTag: false,
    navigateOnDragDrop: false,
    spellcheck: false,
  } as const
}

/**
 * Where the renderer may be: the built renderer's folder (file://…/renderer/) or, in development,
 * the dev server. Everything else (remote sites, other local files) is refused.
 */
export function rendererBase(rendererIndexUrl: string, devServerUrl: string | undefined): string {
  if (devServerUrl) return devServerUrl.endsWith('/') ? devServerUrl : `${devServerUrl}/`
  return rendererIndexUrl.slice(0, rendererIndexUrl.lastIndexOf('/') + 1)
}

/** Whether a URL is inside the renderer base, compared after parsing (no `..`, no look-alike hosts). */
export function isRendererUrl(url: string, base: string): boolean {
  let parsed: URL
  let root: URL
  try {
    parsed = new URL(url)
    root = new URL(base)
  } catch {
    return false
  }
  return (
    parsed.protocol === root.protocol &&
    parsed.host === root.host &&
    parsed.username === '' &&
    parsed.password === '' &&
    parsed.pathname.startsWith(root.pathname)
  )
}

/** will-navigate: only within the renderer (a route change reloading our own page). */
export function mayNavigate(url: string, base: string): boolean {
  return isRendererUrl(url, base)
}

/** window.open and target=_blank: never a new window. */
export function windowOpenDecision(): { action: 'deny' } {
  return { action: 'deny' }
}

/** Camera, microphone, notifications, geolocation…: the app needs none. */
export function permissionDecision(_permission: string): boolean {
  return false
}

/** IPC is answered only when it comes from a frame showing our renderer. */
export function isOwnFrameUrl(frameUrl: string | null | undefined, base: string): boolean {
  return typeof frameUrl === 'string' && isRendererUrl(frameUrl, base)
}

/** Every response the window loads carries our Content Security Policy (no 'unsafe-eval', no remote origins). */
export function withContentSecurityPolicy(
  headers: Record<string, string | string[]> | undefined,
): Record<string, string | string[]> {
  const kept = Object.fromEntries(
    Object.entries(headers ?? {}).filter(([name]) => name.toLowerCase() !== 'content-security-policy'),
  )
  return { ...kept, 'Content-Security-Policy': [CONTENT_SECURITY_POLICY] }
}
