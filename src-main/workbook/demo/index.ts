/** The seeded demo company: generate it in memory, write it into a workbook, or export it as import CSV. */
export {
  generateDemoCompany,
  DEFAULT_DEMO_EMPLOYEES,
  DEFAULT_DEMO_SEED,
  DEFAULT_REFERENCE_DATE,
} from './generate'
export { writeDemoCompany, type DemoWriteCounts } from './write-workbook'
export { writeImportCsv, importCsvLines, importCsvText } from './import-csv'
export { DEMO_COMPANY_DOMAIN, DEMO_COMPANY_NAME } from './catalog'
export { DEMO_PERFORMANCE_RATINGS, ratingLabel } from './pay-cycle'
export { parseListName, titleCase } from './names'
export { Random } from './random'
export type * from './model'
