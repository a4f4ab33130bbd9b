import type { SessionUser, StatementPreviewDto } from '../../../src-shared/contract'
import {
  imageSize,
  layoutStatement,
  type StatementLayoutInput,
} from '../../../src-shared/domain/statements/layout'
import type { StatementTemplateDraft } from '../../../src-shared/domain/statements/templates'
import { renderMergeText } from '../../../src-shared/domain/statements/merge-tags'
import { mergeValuesOf } from '../../../src-shared/domain/statements/facts'
import type { Workbook } from '../../workbook/open'
import { companyName, employeePlaces } from '../../workbook/queries/statements'
import { Failure } from '../failure'
import type { TableModel } from '../table/model'
import { scopeIndexes } from './employees'
import { statementFacts, localDay } from './facts'
import { fontMeasure, missingGlyphs } from './fonts'
import { checkDraft } from './templates'

/** The logo with its pixel size (the layout keeps its proportions); null when there is none. */
export function logoOf(src: string | null): StatementLayoutInput['logo'] {
  if (!src) return null
  const comma = src.indexOf(',')
  const size = comma < 0 ? null : imageSize(Buffer.from(src.slice(comma + 1), 'base64'))
  if (!size) throw new Failure('BAD_INPUT', 'The logo must be a PNG or JPEG image.')
  return { src, ...size }
}

/** RewardStatementPreview: the statement of one employee, laid out as its PDF will be. */
export function previewStatement(
  model: TableModel,
  workbook: Workbook,
  user: SessionUser,
  draft: StatementTemplateDraft,
  employeeId: number,
): StatementPreviewDto {
  checkDraft(draft)
  const [index] = scopeIndexes(model, user, { kind: 'employees', ids: [employeeId] })
  const row = model.rows[index]
  if (!row) throw new Failure('NOT_FOUND', `No employee has the id ${employeeId}.`)
  const facts = statementFacts(model, row, employeePlaces(workbook)(row.e.id), localDay(new Date()))
  const pages = layoutStatement(
    { companyName: companyName(workbook), template: draft, logo: logoOf(draft.logo), facts },
    fontMeasure(),
  )
  const values = mergeValuesOf(facts)
  const texts = [facts.name, renderMergeText(draft.intro, values), renderMergeText(draft.closing, values)]
  return {
    employee: { id: row.e.id, employeeId: row.e.companyEmployeeId, name: row.e.name },
    currency: facts.currency,
    pages,
    missingGlyphs: missingGlyphs(texts.join(' ')),
  }
}
