import type { WorkbookSummary } from './dto'

/** Events main pushes to every window. Free of zod so the sandboxed preload can import it. */
export interface EventPayloads {
  'workbook.changed': { workbook: WorkbookSummary | null }
  'task.progress': { task: string; done: number; total: number | null; message: string }
}
export type EventName = keyof EventPayloads
export const EVENT_NAMES: readonly EventName[] = ['workbook.changed', 'task.progress']
