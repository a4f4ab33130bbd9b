export type PageItem = { kind: 'page'; page: number } | { kind: 'gap'; after: number }

/**
 * Spec §9: pagination shows the first and last pages and a window of 2 pages either side of the
 * current one, with an ellipsis for each gap. Pages are 1-based.
 */
export function pageWindow(current: number, total: number, radius = 2): PageItem[] {
  if (total < 1) return []
  const pages = new Set<number>([1, total])
  for (let page = current - radius; page <= current + radius; page += 1) {
    if (page >= 1 && page <= total) pages.add(page)
  }
  const items: PageItem[] = []
  let previous = 0
  for (const page of [...pages].sort((a, b) => a - b)) {
    if (previous > 0 && page - previous > 1) items.push({ kind: 'gap', after: previous })
    items.push({ kind: 'page', page })
    previous = page
  }
  return items
}
