/**
 * The ledger of equivalent mutants (tests/mutation/equivalent.json, docs/mutation.md): the only way a
 * surviving mutant leaves the mutation score. Each entry names one mutant as Stryker's JSON report
 * does (file, start line and column, mutator, replacement) and proves in a sentence that no test can
 * tell it from the original. An entry counts only while its mutant survives; one whose mutant was
 * killed, or that no longer matches any mutant of a measured file, is reported for removal.
 */
import type { FileResultDictionary, MutantResult } from 'mutation-testing-report-schema'

export interface LedgerEntry {
  /** Relative to the project root, as the report's `files` keys. */
  file: string
  /** The mutant's start, 1-based, as the report's `location.start`. */
  line: number
  column: number
  mutatorName: string
  replacement: string
  /** Why no input tells the mutant from the original, in a sentence a reviewer can check. */
  proof: string
}

export type LedgerProblemKind = 'killed' | 'gone' | 'not a survivor' | 'listed twice'

export interface LedgerProblem {
  entry: LedgerEntry
  kind: LedgerProblemKind
  /** The mutant's status when it is not a survivor (NoCoverage, CompileError, …). */
  status?: string
}

/** What marks a ledger's survivor once it is taken out of the score. */
export const LEDGER_REASON = 'equivalent (tests/mutation/equivalent.json)'

const FIELDS = ['file', 'line', 'column', 'mutatorName', 'replacement', 'proof'] as const

/** The ledger's entries, or an error naming the entry and field that is wrong. */
export function parseLedger(text: string, name = 'tests/mutation/equivalent.json'): LedgerEntry[] {
  let data: unknown
  try {
    data = JSON.parse(text)
  } catch (error) {
    throw new Error(`${name}: not JSON (${(error as Error).message})`, { cause: error })
  }
  if (!Array.isArray(data)) throw new Error(`${name}: wants an array of entries`)
  return data.map((item: unknown, index) => {
    const where = `${name}, entry ${index + 1}`
    if (typeof item !== 'object' || item === null) throw new Error(`${where}: not an object`)
    const record = item as Record<string, unknown>
    for (const field of FIELDS) {
      const value = record[field]
      const numeric = field === 'line' || field === 'column'
      if (numeric ? !(Number.isInteger(value) && (value as number) >= 1) : typeof value !== 'string')
        throw new Error(`${where}: "${field}" wants ${numeric ? 'a whole number from 1' : 'a text'}`)
    }
    if ((record.proof as string).trim() === '') throw new Error(`${where}: "proof" is empty`)
    const extra = Object.keys(record).filter((key) => !(FIELDS as readonly string[]).includes(key))
    if (extra.length > 0) throw new Error(`${where}: unknown field ${extra.join(', ')}`)
    return record as unknown as LedgerEntry
  })
}

export const ledgerKey = (e: Pick<LedgerEntry, 'file' | 'line' | 'column' | 'mutatorName' | 'replacement'>) =>
  `${e.file}:${e.line}:${e.column} ${e.mutatorName} ${JSON.stringify(e.replacement)}`

function mutantKey(file: string, mutant: MutantResult): string {
  const { line, column } = mutant.location.start
  return ledgerKey({
    file,
    line,
    column,
    mutatorName: mutant.mutatorName,
    replacement: mutant.replacement ?? '',
  })
}

/**
 * The files with every survivor the ledger lists marked Ignored (so that mutation-testing-metrics
 * leaves it out of the score), and how many were.
 */
export function applyLedger(
  files: FileResultDictionary,
  ledger: ReadonlySet<string>,
): { files: FileResultDictionary; equivalent: number } {
  let equivalent = 0
  const out: FileResultDictionary = {}
  for (const [name, result] of Object.entries(files)) {
    out[name] = {
      ...result,
      mutants: result.mutants.map((mutant) => {
        if (mutant.status !== 'Survived' || !ledger.has(mutantKey(name, mutant))) return mutant
        equivalent++
        return { ...mutant, status: 'Ignored', statusReason: LEDGER_REASON }
      }),
    }
  }
  return { files: out, equivalent }
}

/**
 * Entries to remove: listed twice, or, in a file some report measured, matching no mutant (the code
 * moved or changed) or a mutant that did not survive. Entries of files no report measured are not
 * judged.
 */
export function ledgerProblems(
  ledger: readonly LedgerEntry[],
  measured: ReadonlyMap<string, FileResultDictionary[string] | null>,
): LedgerProblem[] {
  const problems: LedgerProblem[] = []
  const seen = new Set<string>()
  const byFile = new Map<string, Map<string, MutantResult>>()
  for (const entry of ledger) {
    const key = ledgerKey(entry)
    if (seen.has(key)) {
      problems.push({ entry, kind: 'listed twice' })
      continue
    }
    seen.add(key)
    if (!measured.has(entry.file)) continue
    let mutants = byFile.get(entry.file)
    if (!mutants) {
      const result = measured.get(entry.file)
      mutants = new Map((result?.mutants ?? []).map((mutant) => [mutantKey(entry.file, mutant), mutant]))
      byFile.set(entry.file, mutants)
    }
    const mutant = mutants.get(key)
    if (!mutant) problems.push({ entry, kind: 'gone' })
    else if (mutant.status === 'Killed' || mutant.status === 'Timeout')
      problems.push({ entry, kind: 'killed' })
    else if (mutant.status !== 'Survived')
      problems.push({ entry, kind: 'not a survivor', status: mutant.status })
  }
  return problems
}

export function formatLedgerProblem(problem: LedgerProblem): string {
  const { entry } = problem
  const what = `${entry.file}:${entry.line}:${entry.column} ${entry.mutatorName} → ${JSON.stringify(entry.replacement)}`
  const why =
    problem.kind === 'killed'
      ? 'its mutant is killed'
      : problem.kind === 'gone'
        ? 'no such mutant in the last report of its file'
        : problem.kind === 'listed twice'
          ? 'listed twice'
          : `its mutant did not survive (${problem.status})`
  return `  ${what}: ${why}`
}
