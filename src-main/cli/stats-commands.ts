import { DASHBOARD_METRICS, type DashboardMetric } from '../../src-shared/contract'
import { DEMOGRAPHIC_GROUPINGS, type DemographicGrouping } from '../../src-shared/domain/demographics'
import { formatGap, type EquityView } from '../../src-shared/domain/pay-equity'
import type { Flags, Output } from './commands'
import { UsageError } from './usage'
import { withSession } from './workbook-session'

const text = (flags: Flags, name: string): string | undefined => {
  const value = flags[name]
  if (value === true) throw new UsageError(`--${name} needs a value.`)
  return typeof value === 'string' ? value : undefined
}

function oneOf<T extends string>(value: string, allowed: readonly T[], flag: string): T {
  if (!(allowed as readonly string[]).includes(value))
    throw new UsageError(`${flag} must be one of ${allowed.join(', ')}, not "${value}".`)
  return value as T
}

/** One group's box-plot figures as `stats` prints them: `n` employees, outliers counted. */
export interface StatsGroup {
  name: string
  n: number
  min: number | null
  q1: number | null
  median: number | null
  q3: number | null
  max: number | null
  lowerWhisker: number | null
  upperWhisker: number | null
  outliers: number
  mean: number | null
}

/**
 * `stats --metric <m> --group <g>`: the dashboard's box-plot figures of the acting user's rows
 * (dashboard.stats); `stats --equity`: its pay-equity view by gender and by race (dashboard.summary).
 */
export async function statsCommand(file: string, flags: Flags, out: Output): Promise<void> {
  const metricFlag = text(flags, 'metric')
  const groupFlag = text(flags, 'group')
  if (flags.equity) {
    if (metricFlag !== undefined || groupFlag !== undefined)
      throw new UsageError('stats takes either --equity or --metric with --group, not both.')
    return equityCommand(file, flags, out)
  }
  if (metricFlag === undefined)
    throw new UsageError(`stats needs --metric ${DASHBOARD_METRICS.join('|')} (or --equity).`)
  const metric = oneOf<DashboardMetric>(metricFlag, DASHBOARD_METRICS, '--metric')
  const grouping = oneOf<DemographicGrouping>(groupFlag ?? 'all', DEMOGRAPHIC_GROUPINGS, '--group')
  const stats = await withSession(file, flags, (session) =>
    session.call('dashboard.stats', { viewAsEmployeeId: null, metric, grouping }),
  )
  const groups: StatsGroup[] = stats.groups.map(({ name, summary: s }) => ({
    name,
    n: s?.count ?? 0,
    min: s?.min ?? null,
    q1: s?.q1 ?? null,
    median: s?.median ?? null,
    q3: s?.q3 ?? null,
    max: s?.max ?? null,
    lowerWhisker: s?.lowerWhisker ?? null,
    upperWhisker: s?.upperWhisker ?? null,
    outliers: s?.outliers ?? 0,
    mean: s?.mean ?? null,
  }))
  if (flags.json) {
    out.json({ groups })
    return
  }
  out.text(`${metric} by ${grouping}: ${stats.scope.label}, ${stats.scope.employees} employees`)
  out.text(
    table(
      ['group', 'n', 'min', 'q1', 'median', 'q3', 'max', 'beyond whiskers', 'mean'],
      groups.map((g) => [
        g.name,
        String(g.n),
        ...[g.min, g.q1, g.median, g.q3, g.max].map(figure),
        String(g.outliers),
        figure(g.mean),
      ]),
    ),
  )
}

async function equityCommand(file: string, flags: Flags, out: Output): Promise<void> {
  const summary = await withSession(file, flags, (session) =>
    session.call('dashboard.summary', { viewAsEmployeeId: null }),
  )
  const { gender, race } = summary.equity
  if (flags.json) {
    out.json({ gender, race })
    return
  }
  out.text(`Pay equity: ${summary.scope.label}, ${summary.scope.employees} employees`)
  for (const [by, view] of [
    ['gender', gender],
    ['race', race],
  ] as [string, EquityView][]) {
    out.text(
      `\nBy ${by}${view.reference ? ` (gaps against ${view.reference}, the largest group)` : ''}:\n` +
        table(
          ['group', 'n', 'median before', 'gap before', 'median after', 'gap after', ''],
          view.rows.map((r) => [
            r.name + (r.reference ? ' (reference)' : ''),
            String(r.count),
            figure(r.medianBefore),
            formatGap(r.gapBefore),
            figure(r.medianAfter),
            formatGap(r.gapAfter),
            r.note ?? '',
          ]),
        ),
    )
  }
}

const figure = (value: number | null) => (value === null ? '—' : value.toFixed(3))

function table(head: string[], rows: string[][]): string {
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)))
  const line = (cells: string[]) =>
    cells
      .map((c, i) =>
        i === 0 || (i === head.length - 1 && head[i] === '') ? c.padEnd(widths[i]) : c.padStart(widths[i]),
      )
      .join('  ')
      .trimEnd()
  return [line(head), ...rows.map(line)].join('\n')
}
