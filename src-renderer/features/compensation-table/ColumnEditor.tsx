import { useState } from 'react'
import { DndProvider, useDrag, useDrop } from 'react-dnd'
import { HTML5Backend } from 'react-dnd-html5-backend'
import { MIN_VISIBLE_COLUMNS, type ColumnListItem } from './column-config'

const ITEM = 'table-column'

interface ItemProps {
  item: ColumnListItem
  index: number
  count: number
  onMove: (from: number, to: number) => void
  onToggle: (item: ColumnListItem) => void
  lockedOn: boolean
}

function ColumnItem({ item, index, count, onMove, onToggle, lockedOn }: ItemProps) {
  const [{ dragging }, drag] = useDrag(
    () => ({ type: ITEM, item: { id: item.id, index }, collect: (m) => ({ dragging: m.isDragging() }) }),
    [item.id, index],
  )
  const [{ over }, drop] = useDrop(
    () => ({
      accept: ITEM,
      drop: (dragged: { id: string; index: number }) => {
        if (dragged.index !== index) onMove(dragged.index, index)
      },
      collect: (m) => ({ over: m.isOver() && m.getItem<{ index: number }>()?.index !== index }),
    }),
    [index, onMove],
  )
  const checkboxId = `column-visible-${item.id}`
  return (
    <li
      ref={(node) => {
        drag(drop(node))
      }}
      className={`column-item${dragging ? ' column-item--dragging' : ''}${over ? ' column-item--over' : ''}`}
      data-testid={`column-item-${item.id}`}
      data-visible={item.visible}
      tabIndex={0}
      aria-label={`${item.label}, position ${index + 1} of ${count}. Alt+Arrow keys move it.`}
      onKeyDown={(event) => {
        if (!event.altKey || (event.key !== 'ArrowUp' && event.key !== 'ArrowDown')) return
        event.preventDefault()
        const to = event.key === 'ArrowUp' ? index - 1 : index + 1
        if (to >= 0 && to < count) onMove(index, to)
      }}
    >
      <span className="column-item__handle" aria-hidden="true">
        ⠿
      </span>
      <input
        id={checkboxId}
        type="checkbox"
        checked={item.visible}
        disabled={item.required || lockedOn}
        onChange={() => onToggle(item)}
      />
      <label htmlFor={checkboxId} className="column-item__label">
        {item.label}
        {item.required && <span className="muted"> (required)</span>}
      </label>
    </li>
  )
}

interface Props {
  items: ColumnListItem[]
  onMove: (from: number, to: number) => void
  onToggle: (item: ColumnListItem) => void
}

/**
 * Edit mode ('Edit Columns'): every column, shown ones first in their order. A checkbox shows or hides
 * a column (required ones stay); drag and drop reorders (react-dnd), and so do Alt+ArrowUp/Down on
 * a focused item. The grid follows as you edit; 'Finish Editing' saves.
 */
export function ColumnEditor({ items, onMove, onToggle }: Props) {
  const [announcement, setAnnouncement] = useState('')
  const shown = items.filter((item) => item.visible).length
  const move = (from: number, to: number) => {
    onMove(from, to)
    setAnnouncement(`${items[from].label} moved to position ${to + 1} of ${items.length}.`)
  }
  return (
    <DndProvider backend={HTML5Backend}>
      <section className="column-editor panel" aria-label="Columns">
        <h2 className="column-editor__title">Columns</h2>
        <p className="muted column-editor__help">
          Drag to reorder, or focus a column and press Alt+↑/↓. Untick to hide; at least {MIN_VISIBLE_COLUMNS}{' '}
          stay shown.
        </p>
        <ul className="column-list" data-testid="column-list">
          {items.map((item, index) => (
            <ColumnItem
              key={item.id}
              item={item}
              index={index}
              count={items.length}
              onMove={move}
              onToggle={onToggle}
              lockedOn={item.visible && shown <= MIN_VISIBLE_COLUMNS}
            />
          ))}
        </ul>
        <p className="visually-hidden" aria-live="polite">
          {announcement}
        </p>
      </section>
    </DndProvider>
  )
}
