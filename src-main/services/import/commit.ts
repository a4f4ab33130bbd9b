import type { SessionUser } from '../../../src-shared/contract'
import type { Validation } from '../../../src-shared/domain/import-validation'
import { outcomeOf, planWrites } from '../../../src-shared/domain/reimport-classification'
import { missingFromFile } from '../../../src-shared/domain/reimport-missing'
import type { Workbook } from '../../workbook/open'
import { writeImport } from '../../workbook/queries/import-write'
import { getCurrentPayCycle } from '../../workbook/queries/pay-cycles'
import { Failure } from '../failure'
import { compare, planRules } from './comparison'
import type { ImportJob } from './job'

/**
 * Writes a reviewed import without errors to the workbook, with the affected plans as chosen;
 * `onProgress` hears the write's steps (see `ImportWriteContext`). A failed write leaves it in review.
 */
export async function commitImport(
  workbook: Workbook,
  user: SessionUser,
  job: ImportJob,
  onProgress: (phase: 'write' | 'commit', rows: number) => void,
): Promise<void> {
  // Every change of the rows re-validates at once, so the last validation stands; the write
  // checks every reference again before it commits.
  const validation = job.validation
  if (!validation) throw new Failure('BAD_INPUT', 'The import has not been validated yet.')
  if (validation.errors.length > 0) {
    throw new Failure('BAD_INPUT', `Fix the ${validation.errors.length} errors before importing.`)
  }
  job.phase = 'committing'
  const payCycle = await getCurrentPayCycle(workbook)
  const rules = await planRules(workbook)
  try {
    // Decided and written with nothing in between: the plans are those of this moment. The
    // review's comparison is reused when the workbook's connection has made no change since it
    // read the employees (total_changes(), checked by compare; the workbook is locked to this
    // connection), else the employees are read again here (issue 41: the second read was ~3 s at 100k).
    const { classification, stored } = compare(workbook, job, rules)
    const plans = planWrites(
      classification,
      validation.values,
      stored,
      rules,
      (employeeId) => job.planChoices.get(employeeId) ?? job.planMode,
    )
    job.outcome = outcomeOf(classification, job.planMode)
    job.endRewardsOf =
      job.missingChoice === 'endRewards'
        ? missingFromFile(stored, validation.values)
            .filter((m) => m.planned)
            .map((m) => m.id)
        : []
    job.imported = writeImport(workbook, validation.values as NonNullable<Validation['values'][number]>[], {
      userId: user.id,
      fileName: job.batches.map((b) => b.fileName).join(', '),
      startedAt: job.startedAt,
      at: new Date().toISOString(),
      payCycleId: payCycle?.id ?? null,
      plans,
      onProgress,
    })
  } catch (error) {
    job.phase = 'review'
    job.outcome = null
    throw error
  }
  job.phase = 'imported'
  job.reimport = null
}
