import { parse } from 'csv-parse/sync'

/** A CSV text's records (header first), every cell as written, empty ones kept. */
export function csvRecords(csv: string): string[][] {
  return parse(csv, { relax_column_count: true }) as string[][]
}
