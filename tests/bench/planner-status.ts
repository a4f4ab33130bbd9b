import type { Page } from '@playwright/test'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { PlannerStatusNode, PlannerStatusTree } from '../../src-shared/contract'
import { buildTeamTree, descendantTeamIds } from '../../src-shared/domain/hierarchy'
import { createDispatcher } from '../../src-main/ipc/dispatch'
import { Session } from '../../src-main/services/session'
import { openWorkbook } from '../../src-main/workbook/open'
import { startApp } from '../e2e/support/app'
import { createDemoWorkbookFile, ensureBuilt, launchChromium, msOf, WAIT_MS } from './browser'
import { peakRssMiB, row, timed } from './measure'

/**
 * Planner Status (/plannerstatus) at 20,000 teams: the demo company at 131,200 employees (about
 * 20,000 teams of its own), topped up to exactly 20,000 with one-person teams for employees who
 * manage nobody. As the OWNER (an admin role: the whole company's tree).
 * - The query behind the page, through the dispatcher as the workbook worker runs it: opening the
 *   workbook, the first `plannerStatus.tree` (top teams and two levels below: it builds the table
 *   model), the same call warm, a drill into the deepest team, `plannerStatus.find`, and the tree
 *   after a submission (kept in place: `TableModel.setSubmitted`); answer sizes and peak memory.
 * - In Chromium over browser mode: Planner Status opened on the first visit, before the company's
 *   lists have arrived (cold: the model is built then) and once they have; the page opened again by
 *   its address (a whole page load, the lists loading beside it), the sidebar link from the table, a
 *   team opened from its card and 'Find a team or planner'; how many cards the page holds.
 * Each figure is the median of the runs in brackets. Figures only: nothing here is asserted.
 */
const TEAMS = 20_000
const EMPLOYEES = 131_200
const RUNS = 3
/** The company's lists at 131,200 employees take minutes on a busy machine. */
const LOAD_WAIT_MS = 600_000

function nodesIn(nodes: readonly PlannerStatusNode[]): number {
  let count = 0
  for (const node of nodes) count += 1 + nodesIn(node.children)
  return count
}

/** Adds teams (one per employee who manages nobody, under the employee's team) until there are `teams`. */
async function topUpTeams(
  file: string,
  teams: number,
): Promise<{ teams: number; added: number; depth: number }> {
  const workbook = await openWorkbook(file)
  try {
    const db = workbook.sqlite
    const count = () => (db.prepare('SELECT COUNT(*) AS n FROM team').get() as { n: number }).n
    const missing = teams - count()
    if (missing > 0) {
      const free = db
        .prepare(
          `SELECT e.id, e.name, e.team_id AS teamId FROM employee e
           WHERE e.team_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM team t WHERE t.manager_id = e.id)
           ORDER BY e.id LIMIT ?`,
        )
        .all(missing) as { id: number; name: string; teamId: number }[]
      const insert = db.prepare(
        'INSERT INTO team (name, parent_team_id, manager_id, planner_id) VALUES (?, ?, ?, ?)',
      )
      db.transaction(() => {
        for (const e of free) insert.run(`${e.name}'s Team`, e.teamId, e.id, e.id)
      })()
    }
    const links = db.prepare('SELECT id, parent_team_id AS parentTeamId FROM team').all() as {
      id: number
      parentTeamId: number | null
    }[]
    const tree = buildTeamTree(links)
    return { teams: count(), added: Math.max(0, missing), depth: Math.max(...tree.depth.values()) }
  } finally {
    await workbook.close()
  }
}

export async function plannerStatusBench(): Promise<void> {
  ensureBuilt()
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'meritbook-bench-status-'))
  try {
    const file = path.join(dir, 'status.paycycle')
    const createMs = createDemoWorkbookFile(file, EMPLOYEES)
    const shape = await topUpTeams(file, TEAMS)
    row(
      `planner status, ${shape.teams.toLocaleString('en-US')} teams`,
      `${EMPLOYEES.toLocaleString('en-US')} employees, ${shape.added} teams added, depth ${shape.depth}; created in ${(createMs / 1000).toFixed(1)} s`,
    )
    await dispatcherFigures(dir, file)
    await browserFigures(dir, file)
  } finally {
    fs.rmSync(dir, { recursive: true, force: true })
  }
}

async function dispatcherFigures(dir: string, file: string): Promise<void> {
  const session = new Session({
    mode: 'browser',
    version: 'bench',
    dataDir: dir,
    actAs: null,
    emit: () => {},
  })
  const dispatcher = createDispatcher(session, () => {})
  const call = async <T>(channel: string, input: unknown): Promise<{ value: T; ms: number }> => {
    const result = await timed(() => dispatcher.dispatch(channel as never, input as never))
    if (!result.value.ok) throw new Error(`${channel}: ${result.value.error.message}`)
    return { value: result.value.value as T, ms: result.ms }
  }
  try {
    row('the query behind the page (dispatcher)', '')
    const opened = await call('workbook.open', { path: file })
    row('  workbook.open', `${opened.ms.toFixed(0)} ms`)
    const first = await call<PlannerStatusTree>('plannerStatus.tree', { teamId: null, depth: 2 })
    const size = (value: unknown) => `${(JSON.stringify(value).length / 1024).toFixed(1)} KiB`
    row(
      '  first tree (builds the model)',
      `${first.ms.toFixed(0)} ms, ${first.value.tops.length} top cards, ${nodesIn(first.value.tops)} cards, ${size(first.value)}`,
    )
    const warm: number[] = []
    for (let i = 0; i < 5; i++) warm.push((await call('plannerStatus.tree', { teamId: null, depth: 2 })).ms)
    row('  tree again (warm)', msOf(warm))

    // The deepest team, and the biggest subtree's root: the drills a user makes.
    const teams = await call<{ id: number; parentTeamId: number | null; managerId: number | null }[]>(
      'teams.list',
      {},
    )
    const tree = buildTeamTree(teams.value)
    const deepest = tree.order[tree.order.length - 1]
    const drill: number[] = []
    let drilled: PlannerStatusTree | null = null
    for (let i = 0; i < 5; i++) {
      const answer = await call<PlannerStatusTree>('plannerStatus.tree', { teamId: deepest, depth: 2 })
      drill.push(answer.ms)
      drilled = answer.value
    }
    row('  drill into the deepest team', `${msOf(drill)}, trail of ${drilled?.trail.length ?? 0}`)
    const widest = tree.roots
      .flatMap((id) => tree.children.get(id) ?? [])
      .sort((a, b) => descendantTeamIds(tree, b).length - descendantTeamIds(tree, a).length)[0]
    const wide: number[] = []
    let wideAnswer: PlannerStatusTree | null = null
    for (let i = 0; i < 5; i++) {
      const answer = await call<PlannerStatusTree>('plannerStatus.tree', { teamId: widest, depth: 2 })
      wide.push(answer.ms)
      wideAnswer = answer.value
    }
    row(
      '  drill into the largest division',
      `${msOf(wide)}, ${wideAnswer?.root ? nodesIn([wideAnswer.root]) : 0} cards, ${size(wideAnswer)}`,
    )
    const find: number[] = []
    let found = 0
    for (let i = 0; i < 5; i++) {
      const answer = await call<unknown[]>('plannerStatus.find', { text: 'son' })
      find.push(answer.ms)
      found = answer.value.length
    }
    row('  find "son"', `${msOf(find)}, ${found} shown`)

    // A submission rebuilds the model: submit a leaf planner (HR), then the tree; send back, again.
    const leaf = teams.value.find((t) => t.managerId !== null && (tree.children.get(t.id) ?? []).length === 0)
    const after: number[] = []
    for (let i = 0; i < RUNS && leaf; i++) {
      await call('submissions.submit', { plannerEmployeeId: leaf.managerId, comments: 'bench' })
      after.push((await call('plannerStatus.tree', { teamId: null, depth: 2 })).ms)
      await call('submissions.unsubmit', { plannerEmployeeId: leaf.managerId })
    }
    row('  tree after a submission', msOf(after))
    row('  peak memory (this process)', `${peakRssMiB().toFixed(0)} MiB`)
  } finally {
    await session.close()
  }
}

async function cardsShown(page: Page): Promise<void> {
  await page.locator('[data-testid="status-card"]').first().waitFor({ timeout: LOAD_WAIT_MS })
}

async function browserFigures(dir: string, file: string): Promise<void> {
  const browser = await launchChromium()
  const app = await startApp(['--workbook', file], path.join(dir, 'data'))
  try {
    const context = await browser.newContext({ viewport: { width: 1600, height: 1000 } })
    const page = await context.newPage()
    page.setDefaultTimeout(WAIT_MS)
    row('in Chromium (browser mode)', '')
    // The token address sets the session cookie; Planner Status is then opened at once, before the
    // company's lists have arrived: the first card waits only for the model (built here, cold).
    const coldStarted = performance.now()
    await page.goto(app.url, { waitUntil: 'commit' })
    await page.goto(`${app.origin}/plannerstatus`, { waitUntil: 'commit' })
    await cardsShown(page)
    row(
      '  first visit: /plannerstatus, first card (cold)',
      `${(performance.now() - coldStarted).toFixed(0)} ms`,
    )
    await page.waitForSelector('body[data-app-state="loaded"]', { timeout: LOAD_WAIT_MS })
    row("  first visit: the company's lists loaded", `${(performance.now() - coldStarted).toFixed(0)} ms`)

    const byAddress: number[] = []
    for (let run = 0; run < RUNS; run++) {
      const started = performance.now()
      await page.goto(`${app.origin}/plannerstatus`, { waitUntil: 'commit' })
      await cardsShown(page)
      byAddress.push(performance.now() - started)
      await page.waitForSelector('body[data-app-state="loaded"]', { timeout: LOAD_WAIT_MS })
    }
    row('  /plannerstatus opened again (page load), first card', msOf(byAddress))
    const cards = await page.locator('[data-testid="status-card"]').count()
    const domNodes = await page.evaluate(() => document.querySelectorAll('*').length)
    row('  cards on the page', `${cards} (${domNodes} DOM elements in all)`)

    const nav = page.getByRole('navigation', { name: 'Pages' })
    const bySidebar: number[] = []
    for (let run = 0; run < RUNS; run++) {
      await nav.getByRole('link', { name: 'Compensation Table' }).click()
      await page.getByTestId('compensation-table').waitFor()
      const started = performance.now()
      await nav.getByRole('link', { name: 'Planner Status' }).click()
      await cardsShown(page)
      bySidebar.push(performance.now() - started)
    }
    row('  sidebar link from the table, first card', msOf(bySidebar))

    // A card's name opens its team with two levels below it (what 'N more ▸' does on wider cards).
    const drill: number[] = []
    for (let run = 0; run < RUNS; run++) {
      // The first card below the top one: wide enough to show its name.
      const target = page.locator('[data-testid="status-card"]').nth(1)
      const id = await target.getAttribute('data-team-id')
      const started = performance.now()
      await target.locator('.status-card__name').click({ force: true })
      await page.waitForFunction(
        (want) =>
          document.querySelector('[data-testid="status-card"]')?.getAttribute('data-team-id') === want,
        id,
      )
      drill.push(performance.now() - started)
      await page.getByRole('button', { name: 'Back to the top' }).click()
      await cardsShown(page)
    }
    row('  open a team (a card and two levels)', msOf(drill))

    const findTimes: number[] = []
    for (const text of ['son', 'kim', 'lee']) {
      const started = performance.now()
      await page.getByTestId('status-find').fill(text)
      await page.getByRole('option').first().waitFor()
      findTimes.push(performance.now() - started)
      await page.getByTestId('status-find').fill('')
      await page.getByRole('option').first().waitFor({ state: 'detached' })
    }
    row('  find a team (typing to the list, 250 ms pause included)', msOf(findTimes))
    await context.close()
  } finally {
    await app.stop()
    await browser.close()
  }
}
