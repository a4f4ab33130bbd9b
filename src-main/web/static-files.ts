import fs from 'node:fs'
import path from 'node:path'

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.map': 'application/json',
}

export interface StaticFile {
  filePath: string
  contentType: string
}

/**
 * Resolves a URL path inside the built renderer. Paths without an extension are app routes and
 * get index.html (the renderer routes them); nothing outside the folder is ever served.
 */
export function resolveStaticFile(rendererDir: string, urlPath: string): StaticFile | null {
  let decoded: string
  try {
    decoded = decodeURIComponent(urlPath)
  } catch {
    return null
  }
  const root = path.resolve(rendererDir)
  const candidate = path.resolve(root, `.${path.posix.normalize(decoded)}`)
  if (candidate !== root && !candidate.startsWith(root + path.sep)) return null
  const extension = path.extname(candidate)
  let filePath = extension === '' ? path.join(root, 'index.html') : candidate
  // The renderer is built with relative asset URLs (Electron loads it from file://), so a page
  // reloaded at a nested route such as /reward-statement/compstatements asks for
  // /reward-statement/assets/…: serve the root's assets for it.
  const assets = decoded.lastIndexOf('/assets/')
  if (!fs.existsSync(filePath) && assets > 0) filePath = path.resolve(root, `.${decoded.slice(assets)}`)
  if (filePath !== root && !filePath.startsWith(root + path.sep)) return null
  if (!fs.existsSync(filePath) || !fs.statSync(filePath).isFile()) return null
  return { filePath, contentType: CONTENT_TYPES[path.extname(filePath)] ?? 'application/octet-stream' }
}
