import { useCallback, useEffect, useMemo, useState } from 'react'

const PAGE_SIZE = 25

/**
 * A records screen's list: loaded when it opens and on `reload` (a failure kept as `error`),
 * searched by `matches` (a new search goes back to the first page) and shown 25 rows a page.
 */
export function useRecordList<T>(load: () => Promise<T[]>, matches: (item: T, term: string) => boolean) {
  const [items, setItems] = useState<T[] | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [search, setSearchText] = useState('')
  const [page, setPage] = useState(1)

  const reload = useCallback(async () => {
    try {
      setItems(await load())
      setError(null)
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : String(caught))
    }
  }, [load])
  useEffect(() => {
    void reload()
  }, [reload])

  const shown = useMemo(() => {
    const term = search.trim().toLowerCase()
    return (items ?? []).filter((item) => !term || matches(item, term))
  }, [items, search, matches])
  const pages = Math.max(1, Math.ceil(shown.length / PAGE_SIZE))
  const current = Math.min(page, pages)

  return {
    items,
    error,
    reload,
    search,
    setSearch: (text: string) => {
      setSearchText(text)
      setPage(1)
    },
    /** How many rows the search leaves, on every page. */
    found: shown.length,
    rows: shown.slice((current - 1) * PAGE_SIZE, current * PAGE_SIZE),
    /** What the list's Pagination shows. */
    pagination: { current, total: pages, rowCount: shown.length, pageSize: PAGE_SIZE, onGoTo: setPage },
  }
}
