import { useCallback, useMemo, useState } from 'react'
import { tableColumnsFor, type TableColumnId } from '../../../src-shared/domain/table-columns'
import { useAppDispatch } from '../../app/hooks'
import { useToast } from '../../components/toast'
import {
  columnList,
  configChanged,
  configFromList,
  moveColumn,
  toggleColumn,
  type ColumnListItem,
} from './column-config'
import { saveUserSettings } from './user-settings'

/**
 * 'Edit Columns' / 'Finish Editing': while editing, a list of every column (the grid follows it);
 * finishing saves the shown columns in order as compensationTableConfig (`userSettings.update`),
 * so the order is kept after a reload. A failed save keeps the list open with the error.
 */
export function useColumnEditing(config: readonly string[] | null) {
  const dispatch = useAppDispatch()
  const toast = useToast()
  const [items, setItems] = useState<ColumnListItem[] | null>(null)
  const [saving, setSaving] = useState(false)

  const start = useCallback(() => setItems(columnList(config)), [config])

  const finish = useCallback(async () => {
    if (!items) return
    if (!configChanged(config, items)) {
      setItems(null)
      return
    }
    setSaving(true)
    const result = await dispatch(saveUserSettings({ compensationTableConfig: configFromList(items) }))
    setSaving(false)
    if (result.ok) {
      setItems(null)
      toast.success('Columns saved.')
    } else {
      toast.error(result.error.message)
    }
  }, [config, dispatch, items, toast])

  const toggle = useCallback(
    (item: ColumnListItem) => setItems((list) => list && toggleColumn(list, item.id)),
    [],
  )
  const move = useCallback(
    (from: number, to: number) => setItems((list) => list && moveColumn(list, from, to)),
    [],
  )

  const key = (items ? configFromList(items) : tableColumnsFor(config)).join(',')
  const ids = useMemo(() => (key ? (key.split(',') as TableColumnId[]) : []), [key])

  return { editing: items !== null, items, saving, start, finish, toggle, move, ids }
}
