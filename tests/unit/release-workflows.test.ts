import { spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createRequire } from 'node:module'
import { describe, expect, it } from 'vitest'

const root = join(import.meta.dirname, '..', '..')
const validator = join(root, 'node_modules', '.bin', 'action-validator')
const workflow = (name: string) => join(root, '.github', 'workflows', name)

// electron-builder checks its configuration against its schema before it downloads anything; the
// check is internal to app-builder-lib, so it is loaded by path (the lockfile pins the version).
const load = createRequire(import.meta.url)
const { validateConfiguration } = load('app-builder-lib/out/util/config/config.js') as {
  validateConfiguration: (config: unknown, logger: unknown) => Promise<void>
}
const { DebugLogger } = load('builder-util') as { DebugLogger: new (enabled: boolean) => unknown }
const yaml = load('js-yaml') as { load: (text: string) => unknown }

function validate(path: string) {
  return spawnSync(validator, [path], { encoding: 'utf8' })
}

describe('the GitHub workflows (issue 42)', () => {
  it('pass action-validator', () => {
    for (const name of ['ci.yml', 'release.yml']) {
      const result = validate(workflow(name))
      expect(`${name}: ${result.stdout}${result.stderr}`).toBe(`${name}: `)
      expect(result.status).toBe(0)
    }
  })

  it('action-validator refuses a broken workflow, so the check can fail', () => {
    const broken = join(mkdtempSync(join(tmpdir(), 'workflow-')), 'broken.yml')
    writeFileSync(broken, 'name: Broken\non: push\njobs:\n  test:\n    steps: []\n')
    expect(validate(broken).status).not.toBe(0)
  })

  it('CI runs the README command; a version tag builds signed installers on Windows and macOS', () => {
    expect(readFileSync(workflow('ci.yml'), 'utf8')).toContain('run: bash .ci/run')
    const release = readFileSync(workflow('release.yml'), 'utf8')
    expect(release).toContain("tags: ['v*.*.*']")
    expect(release).toContain('runs-on: windows-latest')
    expect(release).toContain('runs-on: macos-latest')
    expect(release).toContain('arch: [x64, arm64]')
    for (const secret of [
      'CSC_LINK',
      'CSC_KEY_PASSWORD',
      'APPLE_ID',
      'APPLE_APP_SPECIFIC_PASSWORD',
      'APPLE_TEAM_ID',
    ]) {
      expect(release).toContain(`secrets.${secret}`)
    }
    expect(release).toContain('SHA256SUMS')
  })

  it("electron-builder.yml matches electron-builder's schema and publishes drafts to GitHub", async () => {
    const text = readFileSync(join(root, 'electron-builder.yml'), 'utf8')
    await expect(validateConfiguration(yaml.load(text), new DebugLogger(false))).resolves.toBeUndefined()
    await expect(
      validateConfiguration({ appId: 'x', mac: { notarize: 'banana' } }, new DebugLogger(false)),
    ).rejects.toThrow(/configuration.mac/)
    expect(text).toMatch(/publish:\n {2}provider: github\n {2}releaseType: draft/)
  })
})
