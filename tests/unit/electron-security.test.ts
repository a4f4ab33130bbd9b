import { describe, expect, it } from 'vitest'
import {
  isOwnFrameUrl,
  mayNavigate,
  permissionDecision,
  rendererBase,
  windowOpenDecision,
  windowWebPreferences,
  withContentSecurityPolicy,
} from '../../src-main/shell-security'

// Electron's security checklist (electronjs.org/docs/latest/tutorial/security), item by item, against
// what src-main/index.ts applies.
const base = rendererBase('file:///opt/Meritbook/resources/app.asar/out/renderer/index.html', undefined)

describe("Electron's security checklist", () => {
  const prefs = windowWebPreferences('/opt/Meritbook/out/preload/index.js')

  it('isolates the context, sandboxes the renderer and keeps Node.js out of the page and its workers', () => {
    expect(prefs.contextIsolation).toBe(true)
    expect(prefs.sandbox).toBe(true)
    expect(prefs.nodeIntegration).toBe(false)
    expect(prefs.nodeIntegrationInWorker).toBe(false)
    expect(prefs.nodeIntegrationInSubFrames).toBe(false)
    expect(prefs.preload).toBe('/opt/Meritbook/out/preload/index.js')
  })

  it('keeps web security on, with no insecure content, experimental features or <webview>', () => {
    expect(prefs.webSecurity).toBe(true)
    expect(prefs.allowRunningInsecureContent).toBe(false)
    expect(prefs.experimentalFeatures).toBe(false)
    expect(prefs.webviewTag).toBe(false)
    expect(prefs.navigateOnDragDrop).toBe(false)
  })

  it("loads no remote content: a CSP of 'self' only, without 'unsafe-eval', replacing any other", () => {
    const headers = withContentSecurityPolicy({
      'content-security-policy': ["default-src *; script-src 'unsafe-eval'"],
    })
    expect(Object.keys(headers).filter((h) => h.toLowerCase() === 'content-security-policy')).toEqual([
      'Content-Security-Policy',
    ])
    const [policy] = headers['Content-Security-Policy'] as string[]
    expect(policy).not.toContain('unsafe-eval')
    expect(policy).toContain("default-src 'self'")
    expect(policy).toContain("script-src 'self'")
    expect(policy).toContain("object-src 'none'")
    expect(policy).not.toMatch(/https?:/)
  })

  it('refuses navigation away from the renderer: remote sites, other local files, look-alikes', () => {
    expect(mayNavigate('file:///opt/Meritbook/resources/app.asar/out/renderer/index.html', base)).toBe(true)
    expect(mayNavigate('https://example.com/', base)).toBe(false)
    expect(mayNavigate('file:///etc/passwd', base)).toBe(false)
    expect(
      mayNavigate('file:///opt/Meritbook/resources/app.asar/out/renderer/../../secrets.html', base),
    ).toBe(false)
    expect(mayNavigate('file:///opt/Meritbook/resources/app.asar/out/renderer-evil/index.html', base)).toBe(
      false,
    )
    expect(mayNavigate('not a url', base)).toBe(false)
  })

  it('in development, allows only the dev server, not a host that merely starts like it', () => {
    const dev = rendererBase('file:///ignored/index.html', 'http://localhost:5173')
    expect(mayNavigate('http://localhost:5173/employeetable', dev)).toBe(true)
    expect(mayNavigate('http://localhost:51730/', dev)).toBe(false)
    expect(mayNavigate('http://localhost:5173@evil.example/', dev)).toBe(false)
  })

  it('opens no new windows and grants no permission', () => {
    expect(windowOpenDecision()).toEqual({ action: 'deny' })
    for (const permission of ['media', 'geolocation', 'notifications', 'clipboard-read', 'openExternal'])
      expect(permissionDecision(permission)).toBe(false)
  })

  it('answers IPC only from a frame showing our renderer', () => {
    expect(
      isOwnFrameUrl('file:///opt/Meritbook/resources/app.asar/out/renderer/index.html#/employeetable', base),
    ).toBe(true)
    expect(isOwnFrameUrl('https://evil.example/', base)).toBe(false)
    expect(isOwnFrameUrl('about:blank', base)).toBe(false)
    expect(isOwnFrameUrl(null, base)).toBe(false)
  })
})
