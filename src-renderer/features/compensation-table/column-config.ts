import {
  TABLE_COLUMNS,
  tableColumnsFor,
  type TableColumn,
  type TableColumnId,
} from '../../../src-shared/domain/table-columns'

/** One entry of the 'Edit Columns' list. */
export interface ColumnListItem {
  id: TableColumnId
  label: string
  visible: boolean
  required: boolean
}

const BY_ID = new Map<TableColumnId, TableColumn>(TABLE_COLUMNS.map((column) => [column.id, column]))

export function columnOf(id: TableColumnId): TableColumn {
  return BY_ID.get(id) as TableColumn
}

/**
 * Spec §5: a saved config is accepted only with more than one entry, so the list must keep at least
 * two columns shown for 'Finish Editing' to save what the user sees.
 */
export const MIN_VISIBLE_COLUMNS = 2

/** The saved order (via tableColumnsFor: >1 entry or the defaults) shown first, then the hidden columns. */
export function columnList(config: readonly string[] | null): ColumnListItem[] {
  const shown = tableColumnsFor(config)
  const hidden = TABLE_COLUMNS.map((c) => c.id).filter((id) => !shown.includes(id))
  return [...shown.map((id) => item(id, true)), ...hidden.map((id) => item(id, false))]
}

function item(id: TableColumnId, visible: boolean): ColumnListItem {
  const column = columnOf(id)
  return { id, label: column.label, visible: visible || column.required, required: column.required }
}

/** Shows or hides a column; required columns stay, and the last two shown columns cannot be hidden. */
export function toggleColumn(list: readonly ColumnListItem[], id: TableColumnId): ColumnListItem[] {
  const target = list.find((entry) => entry.id === id)
  if (!target || target.required) return [...list]
  if (target.visible && list.filter((entry) => entry.visible).length <= MIN_VISIBLE_COLUMNS) return [...list]
  return list.map((entry) => (entry.id === id ? { ...entry, visible: !entry.visible } : entry))
}

/** Moves the entry at `from` to index `to` (clamped); the others keep their order. */
export function moveColumn(list: readonly ColumnListItem[], from: number, to: number): ColumnListItem[] {
  if (from < 0 || from >= list.length) return [...list]
  const target = Math.max(0, Math.min(list.length - 1, to))
  const next = [...list]
  const [moved] = next.splice(from, 1)
  next.splice(target, 0, moved)
  return next
}

/** What 'Finish Editing' saves: the shown columns in order (compensationTableConfig). */
export function configFromList(list: readonly ColumnListItem[]): TableColumnId[] {
  return list.filter((entry) => entry.visible).map((entry) => entry.id)
}

/** True when the list differs from the saved config (Finish Editing then saves). */
export function configChanged(config: readonly string[] | null, list: readonly ColumnListItem[]): boolean {
  const saved = tableColumnsFor(config)
  const next = configFromList(list)
  return saved.length !== next.length || saved.some((id, index) => id !== next[index])
}
