export { exportCompany } from './export'
export { ImportJobs } from './jobs'
export { readImportCsv } from './read-csv'
export { validateRows } from '../../../src-shared/domain/import-validation'
