/**
 * The company file (docs/sync.md, "Company file"): an admin replica's company tables as a workbook
 * file, which a joining admin downloads instead of the company's rows. It travels as these bytes, with
 * the feed position it is as of (`meritbook-seq`) and, downloaded, the content hash the server made
 * of its own rows at that position.
 */
export const COMPANY_FILE_TYPE = 'application/vnd.meritbook.company-file'
export const CONTENT_HASH_HEADER = 'meritbook-content-hash'
/** The largest company file the server keeps (a company of a million people is far smaller). */
export const COMPANY_FILE_BYTES_MAX = 2 * 1024 ** 3
