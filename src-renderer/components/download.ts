import { withUtf8Bom } from '../../src-shared/domain/csv-format'

/** Saves a Blob as a file through an <a download> (the browser and Electron both honour it). */
export function downloadBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob)
  const link = document.createElement('a')
  link.href = url
  link.download = fileName
  link.style.display = 'none'
  document.body.append(link)
  link.click()
  link.remove()
  window.setTimeout(() => URL.revokeObjectURL(url), 1000)
}

/** Saves text as a file; a CSV file is saved with a UTF-8 BOM so that Excel reads its accents (issue 39). */
export function downloadText(text: string, fileName: string, type = 'text/csv;charset=utf-8'): void {
  const csv = type.startsWith('text/csv')
  downloadBlob(new Blob([csv ? withUtf8Bom(text) : text], { type }), fileName)
}

/** The MIME type of an Excel workbook. */
export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'

/** Saves base64 bytes (an .xlsx answered by the main process) as a file. */
export function downloadBase64(base64: string, fileName: string, type = XLSX_TYPE): void {
  const binary = atob(base64)
  const bytes = new Uint8Array(binary.length)
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i)
  downloadBlob(new Blob([bytes], { type }), fileName)
}
