import { z } from 'zod'
import { text } from './text'
import { TABLE_COLUMN_IDS } from '../domain/table-columns'

const column = z.enum(TABLE_COLUMN_IDS)
const isoDate = z.iso.date('Dates are ISO yyyy-mm-dd.')
const filter = z.discriminatedUnion('type', [
  z
    .object({
      type: z.literal('number'),
      op: z.enum(['equals', 'lessThan', 'greaterThan', 'between']),
      value: z.number().finite(),
      valueTo: z.number().finite().optional(),
    })
    .strict(),
  z
    .object({
      type: z.literal('date'),
      op: z.enum(['equals', 'before', 'after', 'between']),
      value: isoDate,
      valueTo: isoDate.optional(),
    })
    .strict(),
  z.object({ type: z.literal('text'), contains: text().max(200) }).strict(),
  z.object({ type: z.literal('set'), values: z.array(text().max(200)).max(100) }).strict(),
])

export const tableQuerySchema = z
  .object({
    offset: z.number().int().min(0),
    limit: z.number().int().min(1).max(500),
    sort: z
      .object({ column, direction: z.enum(['asc', 'desc']) })
      .strict()
      .nullable(),
    filters: z.partialRecord(column, filter),
    search: text().max(200),
    viewAsEmployeeId: z.number().int().positive().nullable(),
  })
  .strict()

const money = z
  .number()
  .int('Amounts are whole cents.')
  .min(0, 'Amounts cannot be negative.')
  .max(1e13)
  .nullable()

export const rewardChangesSchema = z
  .object({
    newSalary: money.optional(),
    newPercentBonus: z.number().min(0).max(1000).nullable().optional(),
    newDollarBonus: money.optional(),
    lumpSum: money.optional(),
    comments: text().max(2000).nullable().optional(),
    promotion: z.boolean().optional(),
    newJobProfileId: z.number().int().positive().nullable().optional(),
  })
  .strict()
