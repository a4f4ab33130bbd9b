import { plainMoney } from './csv-format'
import type { ImportField, ImportRow } from './import-format'

/** Something an import lets through but a person should look at (issue 36). */
export interface ImportRowWarning {
  /** 1-based data row. */
  row: number
  field: ImportField
  code: string
  message: string
}

/** A salaried annual pay below this share of its range minimum is likely in thousands or per hour. */
export const LOW_PAY_SHARE_OF_MINIMUM = 0.1

export function importWarnings(rows: readonly (ImportRow | null)[]): ImportRowWarning[] {
  const warnings: ImportRowWarning[] = []
  rows.forEach((values, index) => {
    if (!values || values.salaried !== true) return
    const pay = values.currentBasePay
    const minimum = values.minPay
    if (!pay || !minimum || pay >= minimum * LOW_PAY_SHARE_OF_MINIMUM) return
    warnings.push({
      row: index + 1,
      field: 'currentBasePay',
      code: 'PayFarBelowRange',
      message: `Annual pay ${plainMoney(pay)} is below 10% of the range minimum ${plainMoney(minimum)}: is it in thousands, or per hour?`,
    })
  })
  return warnings
}

/**
 * The one question before committing an import with warnings (issue 36): "3 warnings — import
 * anyway?". Rows with a warning are imported as they are.
 */
export function importWarningsQuestion(count: number): string {
  return `${count.toLocaleString('en-US')} ${count === 1 ? 'warning' : 'warnings'} — import anyway?`
}
