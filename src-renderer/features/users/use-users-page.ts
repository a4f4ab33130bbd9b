import { useCallback, useEffect, useRef, useState } from 'react'
import type { UsersPage } from '../../../src-shared/contract'
import { USERS_PAGE_SIZE, type UserRowFilter } from '../../../src-shared/domain/user-admin'
import { call } from '../../app/client'

/** Debounce of the search box: typing a name does not send a query per key. */
const SEARCH_DEBOUNCE_MS = 250

/** The Users screen's page: search, filter and paging run in the main process. */
export function useUsersPage() {
  const [search, setSearch] = useState('')
  const [query, setQuery] = useState('')
  const [filter, setFilter] = useState<UserRowFilter>('all')
  const [page, setPage] = useState(1)
  const [data, setData] = useState<UsersPage | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [loading, setLoading] = useState(true)
  const request = useRef(0)

  useEffect(() => {
    const handle = window.setTimeout(() => {
      setQuery(search)
      setPage(1)
    }, SEARCH_DEBOUNCE_MS)
    return () => window.clearTimeout(handle)
  }, [search])

  const reload = useCallback(async () => {
    const id = ++request.current
    setLoading(true)
    try {
      const answer = await call('users.page', {
        search: query,
        filter,
        offset: (page - 1) * USERS_PAGE_SIZE,
        limit: USERS_PAGE_SIZE,
      })
      if (id !== request.current) return
      // A page emptied by a change (the last user of the last page deleted) steps back.
      if (answer.rows.length === 0 && answer.total > 0 && page > 1) {
        setPage(Math.ceil(answer.total / USERS_PAGE_SIZE))
        return
      }
      setData(answer)
      setError(null)
    } catch (caught) {
      if (id === request.current) setError(caught instanceof Error ? caught.message : 'Failed to fetch users')
    } finally {
      if (id === request.current) setLoading(false)
    }
  }, [query, filter, page])

  useEffect(() => {
    void reload()
  }, [reload])

  return {
    search,
    setSearch,
    filter,
    setFilter: (next: UserRowFilter) => {
      setFilter(next)
      setPage(1)
    },
    page,
    setPage,
    data,
    error,
    loading,
    reload,
  }
}
