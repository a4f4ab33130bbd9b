import fc from 'fast-check'
import {
  SNAPSHOT_EMPLOYEE_COLUMNS,
  SNAPSHOT_REWARD_COLUMNS,
} from '../../src-shared/contract/company-snapshot'
import { CURRENCY_CODES } from '../../src-shared/domain/currencies'
import type { SnapshotColumn } from '../../src-shared/contract/snapshot-columns'

/** Values near every rule's edges: bounds, non-integers, unsafe integers, lengths around a maximum, days real and not. */
const value = fc.oneof(
  fc.anything(),
  fc.constantFrom(0, -0, 1, -1, 0.5, 10, 10.000001, 150, 150.5, 1000, 1e14, 1e14 + 1, 2 ** 53, -(2 ** 53)),
  fc.constantFrom(NaN, Infinity, -Infinity, Number.MAX_SAFE_INTEGER, Number.MIN_SAFE_INTEGER),
  fc.double(),
  fc.integer(),
  fc.boolean(),
  fc.constant(null),
  fc.constant(undefined),
  fc.constantFrom(...CURRENCY_CODES, 'usd', 'XXX', ''),
  fc.constantFrom(
    '2024-02-29',
    '2023-02-29',
    '2026-13-01',
    '2026-04-31',
    '0000-01-01',
    '2026-1-01',
    '2026-01-01T00:00',
  ),
  fc.date({ noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10)),
  fc.integer({ min: 0, max: 2100 }).chain((length) => fc.string({ minLength: length, maxLength: length })),
  fc.integer({ min: 95, max: 105 }).map((length) => 'é'.repeat(length)),
  fc.integer({ min: 145, max: 155 }).map((length) => '😀'.repeat(length)),
  fc
    .tuple(fc.integer({ min: 90, max: 110 }), fc.constantFrom('\ud83d', '\ude00', '😀', 'a', '\ude00\ud83d'))
    .chain(([length, unit]) =>
      fc.array(fc.constantFrom(unit, '😀', 'x'), { minLength: length, maxLength: length }),
    )
    .map((units) => units.join('')),
)

const columns = { ...SNAPSHOT_EMPLOYEE_COLUMNS, ...SNAPSHOT_REWARD_COLUMNS } as Record<string, SnapshotColumn>

describe("a large part's column checks, held equal to its zod schema", () => {
  it.each(Object.keys(columns))('%s accepts exactly what its schema accepts', (name) => {
    const column = columns[name]
    fc.assert(
      fc.property(value, (v) => {
        expect(column.accepts(v)).toBe(column.schema.safeParse(v).success)
      }),
      { numRuns: 2000 },
    )
  })

  it('a day the check has judged before is judged the same again', () => {
    const day = SNAPSHOT_EMPLOYEE_COLUMNS.hire_date
    for (let i = 0; i < 2; i++) {
      expect(day.accepts('2024-02-29')).toBe(true)
      expect(day.accepts('2023-02-29')).toBe(false)
    }
  })
})
