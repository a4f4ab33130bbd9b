import path from 'node:path'
import { ESLint } from 'eslint'

const eslint = new ESLint({ cwd: path.resolve(__dirname, '../..') })

async function restrictedImports(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath })
  return result.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message)
}

describe('import boundaries are enforced by lint', () => {
  it('src-shared imports nothing outside itself and no I/O', async () => {
    const messages = await restrictedImports(
      'src-shared/domain/example.ts',
      "import fs from 'node:fs'\nimport { Session } from '../../src-main/services/session'\nimport Database from 'better-sqlite3'\nexport const x = [fs, Session, Database]\n",
    )
    expect(messages).toHaveLength(3)
  })

  it('src-renderer never imports src-main', async () => {
    const messages = await restrictedImports(
      'src-renderer/app/example.ts',
      "import { Session } from '../../src-main/services/session'\nexport const y = Session\n",
    )
    expect(messages).toEqual([expect.stringContaining('The renderer never imports src-main')])
  })

  it('only src-main/index.ts may import electron', async () => {
    const code = "import { app } from 'electron'\nexport const z = app\n"
    expect(await restrictedImports('src-main/services/example.ts', code)).toHaveLength(1)
    expect(await restrictedImports('src-main/index.ts', code)).toHaveLength(0)
  })

  it('the company server imports src-shared, never the desktop', async () => {
    const messages = await restrictedImports(
      'src-server/routes/example.ts',
      "import { Session } from '../../src-main/services/session'\nimport { ok } from '../../src-shared/contract'\nexport const v = [Session, ok]\n",
    )
    expect(messages).toEqual([expect.stringContaining('The server imports src-shared, never src-main')])
  })

  it('allows what the layers may use', async () => {
    const messages = await restrictedImports(
      'src-main/services/example.ts',
      "import fs from 'node:fs'\nimport { ok } from '../../src-shared/contract'\nexport const w = [fs, ok]\n",
    )
    expect(messages).toEqual([])
  })
})
