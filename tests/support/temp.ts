import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

/** A fresh folder under the OS temp dir, removed after the test file. */
export function tempDir(prefix = 'meritbook-'): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix))
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }))
  return dir
}

export function sha256(filePath: string): string {
  return crypto.createHash('sha256').update(fs.readFileSync(filePath)).digest('hex')
}
