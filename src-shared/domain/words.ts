/**
 * Counted words as users read them (issue 39): "1 employee", "2 employees", "12,500 employees";
 * never "1 employees".
 */
export function countOf(count: number, singular: string, plural = `${singular}s`): string {
  return `${count.toLocaleString('en-US')} ${count === 1 ? singular : plural}`
}
