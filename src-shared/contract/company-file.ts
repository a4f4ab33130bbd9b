/**
 * The company file (docs/sync.md, "Company file"): an admin replica's company tables as a workbook
 * file, which a joining admin downloads instead of the company's rows. It travels gzip-compressed as
 * this type, with the feed position it is as of (`meritbook-seq`) and, downloaded, the content hash the
 * server made of its own rows at that position. The server keeps the bytes as they came.
 */
export const COMPANY_FILE_TYPE = 'application/vnd.meritbook.company-file+gzip'
export const CONTENT_HASH_HEADER = 'meritbook-content-hash'
/**
 * The largest company file the server keeps, and the most a downloaded one may inflate to (a company
 * of a million people is far smaller either way).
 */
export const COMPANY_FILE_BYTES_MAX = 2 * 1024 ** 3
