import type { CompanySnapshot } from '../../src-shared/contract/company-snapshot'
import {
  snapshotColumns,
  snapshotEndLine,
  snapshotLine,
  type SnapshotPart,
} from '../../src-shared/contract/company-snapshot-stream'

/** A company's download as the server sends it: employees and rewards as their values alone, then the end line. */
export function snapshotDownload(
  snapshot: CompanySnapshot,
  seq: number,
  damage?: (line: string, n: number) => string,
): string {
  const lines: string[] = []
  for (const part of Object.keys(snapshot) as SnapshotPart[])
    for (const row of snapshot[part] as Record<string, unknown>[])
      lines.push(
        part === 'employees' || part === 'rewards'
          ? snapshotLine(
              part,
              snapshotColumns(part).map((c) => row[c]),
            )
          : snapshotLine(part, row),
      )
  const damaged = damage ? lines.map((line, n) => damage(line, n)) : lines
  return damaged.join('') + snapshotEndLine(lines.length, seq)
}
