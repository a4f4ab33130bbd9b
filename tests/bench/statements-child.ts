/**
 * One size of `npm run bench -- statements`, in a process of its own so that its peak memory is its
 * own: opens the workbook as a COMM_MANAGER would, writes every statement (one PDF each and the
 * combined PDF) and prints one JSON line of figures.
 */
import fs from 'node:fs'
import path from 'node:path'
import { createDispatcher } from '../../src-main/ipc/dispatch'
import { Session } from '../../src-main/services/session'
import { newTemplateDraft, dataTagsOf, DATA_TAGS } from '../../src-shared/domain/statements/templates'

async function main(): Promise<void> {
  const [file, out] = process.argv.slice(2)
  const session = new Session({
    mode: 'cli',
    version: 'bench',
    dataDir: path.dirname(file),
    actAs: null,
    emit: () => {},
  })
  const dispatcher = createDispatcher(session, () => {})
  const call = async <T>(
    promise: Promise<{ ok: true; value: T } | { ok: false; error: { message: string } }>,
  ) => {
    const result = await promise
    if (!result.ok) throw new Error(result.error.message)
    return result.value
  }
  await call(dispatcher.dispatch('workbook.open', { path: file }))
  const saved = (await call(
    dispatcher.dispatch('statements.saveTemplate', {
      id: null,
      draft: {
        ...newTemplateDraft(`Bench ${Date.now()}`),
        logo: `data:image/jpeg;base64,${fs.readFileSync(path.resolve(__dirname, '../fixtures/statements/logo.jpg')).toString('base64')}`,
        dataTags: dataTagsOf([...DATA_TAGS]),
      },
    }),
  )) as { template: { id: number } }
  // The table's model (every employee's figures) is built before the clock starts, as the app does when a page opens.
  await call(dispatcher.dispatch('statements.employees', { search: '', teamId: null, offset: 0, limit: 1 }))
  const rssBefore = process.memoryUsage().rss
  let peakHeap = 0
  const sampler = setInterval(() => {
    peakHeap = Math.max(peakHeap, process.memoryUsage().heapUsed)
  }, 20)
  const started = performance.now()
  const cpuStarted = process.cpuUsage()
  const job = (await call(
    dispatcher.dispatch('statements.generate', {
      templateId: saved.template.id,
      folder: out,
      scope: { kind: 'all' },
      combined: true,
    }),
  )) as { jobId: string }
  const done = await session.statements.whenSettled(job.jobId)
  const ms = performance.now() - started
  const cpu = process.cpuUsage(cpuStarted)
  clearInterval(sampler)
  if (done.phase !== 'done') throw new Error(`batch ${done.phase}: ${done.error}`)
  let bytes = 0
  for (const name of fs.readdirSync(out)) bytes += fs.statSync(path.join(out, name)).size
  const combined = fs.statSync(path.join(out, 'All statements.pdf')).size
  await session.close()
  process.stdout.write(
    `${JSON.stringify({
      written: done.written,
      ms,
      cpuMs: (cpu.user + cpu.system) / 1000,
      peakRssMiB: process.resourceUsage().maxRSS / 1024,
      rssBeforeMiB: rssBefore / 1024 / 1024,
      peakHeapMiB: peakHeap / 1024 / 1024,
      bytes,
      combinedBytes: combined,
    })}\n`,
  )
}

main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
