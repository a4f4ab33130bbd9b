// `npm start`: build, then run Meritbook in Electron when its binary is installed, otherwise in
// browser mode (Electron's binary cannot be downloaded on every machine). Either reopens the last
// workbook; a first start opens the demo company.
import { spawnSync, spawn } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')

// Looks for the binary without require('electron'), which would try (and here fail) to download it.
function electronBinary() {
  const electronDir = path.join(root, 'node_modules/electron')
  const pathFile = path.join(electronDir, 'path.txt')
  if (!fs.existsSync(pathFile)) return null
  const binary = path.join(electronDir, 'dist', fs.readFileSync(pathFile, 'utf8').trim())
  return fs.existsSync(binary) ? binary : null
}

const build = spawnSync(
  process.execPath,
  [path.join(root, 'node_modules/electron-vite/bin/electron-vite.js'), 'build'],
  {
    cwd: root,
    stdio: 'inherit',
  },
)
if (build.status !== 0) process.exit(build.status ?? 1)

const binary = electronBinary()
const extra = process.argv.slice(2)
const child = binary
  ? spawn(binary, [root, ...extra], { cwd: root, stdio: 'inherit' })
  : (console.log(
      "\nElectron's binary is not installed on this machine, so Meritbook starts in browser mode: the last workbook, or the demo company on a first start.\n",
    ),
    spawn(process.execPath, [path.join(root, 'out/main/browser.js'), '--reopen', ...extra], {
      cwd: root,
      stdio: 'inherit',
    }))
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal))
child.on('exit', (code) => process.exit(code ?? 0))
