import { crossRowErrors } from '../../../src-shared/domain/import-checks'
import { IMPORT_COLUMNS, type ImportField, type ImportRow } from '../../../src-shared/domain/import-format'
import { IMPORT_LIMITS, MONEY_FIELDS, parseImportRow } from '../../../src-shared/domain/import-rows'
import { limitProblem } from '../../../src-shared/domain/field-limits'
import { unescapeFormulaGuard } from '../../../src-shared/domain/csv-format'
import {
  isImportNullToken,
  parseImportColumnValue,
  parseMoneyCents,
} from '../../../src-shared/domain/import-values'
import fc from 'fast-check'

/** A valid row, with some cells replaced. */
function cells(overrides: Partial<Record<ImportField, string>> = {}): string[] {
  const base: Partial<Record<ImportField, string>> = {
    employeeId: 'E1',
    employeeName: 'Ada Park',
    payCurrency: 'USD',
    salaried: 'true',
    hireDate: '2020-01-15',
    jobCode: 'ENG-2',
    payRangeName: 'ENG',
    minPay: '80,000',
    midPay: '100000',
    maxPay: '120000.50',
    currentBasePay: '99,500.25',
  }
  const merged = { ...base, ...overrides }
  return IMPORT_COLUMNS.map((c) => merged[c.field] ?? '')
}

const errorsOf = (overrides: Partial<Record<ImportField, string>>, row = 1) =>
  parseImportRow(cells(overrides), row).errors

describe('import values (admin spec §5 "CSV import")', () => {
  it('a pay of 0.00 is no negative amount; one too large for exact cents is "Invalid number"', () => {
    const zero = parseImportRow(cells({ currentBasePay: '0.00' }), 1)
    expect(zero.errors).toEqual([])
    expect(zero.values.currentBasePay).toBe(0)
    expect(errorsOf({ currentBasePay: '1234567890123456' })).toEqual([
      { field: 'currentBasePay', code: 'InvalidNumber', message: 'Invalid number' },
    ])
    expect(parseImportRow(cells({ currentBasePay: '999999999999' }), 1).values.currentBasePay).toBe(
      99_999_999_999_900,
    )
    // Past a trillion: more than a company snapshot carries, so join would refuse it (issue 34).
    expect(errorsOf({ currentBasePay: '1234567890123' })).toEqual([
      {
        field: 'currentBasePay',
        code: 'OutOfRange',
        message: 'Current Base Pay (Country Currency) must be at most 1000000000000',
      },
    ])
  })

  it('parses a valid row: money as exact cents, defaults for what is absent', () => {
    const { values, errors } = parseImportRow(cells(), 1)
    expect(errors).toEqual([])
    expect(values).toMatchObject({
      employeeId: 'E1',
      currentBasePay: 9_950_025,
      minPay: 8_000_000,
      maxPay: 12_000_050,
      salaried: true,
      employmentStatus: 'Active',
      performanceRating: 1,
      promotion: false,
      exemptionStatus: false,
      reasonForLastIncrease: '',
      email: null,
      gender: null,
    })
  })

  it('Missing-<field>: \'Required field "<field>" is missing in row <n>\'', () => {
    expect(errorsOf({ employeeName: '' }, 7)).toEqual([
      {
        field: 'employeeName',
        code: 'Missing-employeeName',
        message: 'Required field "employeeName" is missing in row 7',
      },
    ])
    expect(errorsOf({ employeeId: '  ' }, 3)[0]).toMatchObject({ code: 'Missing-employeeId' })
  })

  it.each([
    ['email', 'not-an-email', 'InvalidEmail', 'Invalid email format'],
    ['salaried', 'maybe', 'InvalidBoolean', 'Invalid boolean value'],
    ['age', 'forty', 'InvalidNumber', 'Invalid number'],
    ['currentBasePay', '12.3.4', 'InvalidNumber', 'Invalid number'],
    ['hireDate', '2/30/2024', 'InvalidDate', 'Invalid date'],
    ['payCurrency', 'BTC', 'UnsupportedCurrency', 'Unsupported currency'],
  ] as const)("%s = %j gives %s '%s'", (field, value, code, message) => {
    expect(errorsOf({ [field]: value })).toEqual([{ field, code, message }])
  })

  it('accepts booleans true/yes/y/1 and false/no/n/0 in any case, currencies in any case, en-US dates', () => {
    for (const yes of ['TRUE', 'Yes', 'y', '1'])
      expect(parseImportRow(cells({ promotion: yes }), 1).values.promotion).toBe(true)
    for (const no of ['false', 'NO', 'N', '0'])
      expect(parseImportRow(cells({ promotion: no }), 1).values.promotion).toBe(false)
    expect(parseImportRow(cells({ payCurrency: 'eur' }), 1).values.payCurrency).toBe('EUR')
    expect(parseImportRow(cells({ hireDate: '3/7/2021' }), 1).values.hireDate).toBe('2021-03-07')
    expect(parseImportRow(cells({ email: '  Ada@Example.COM ' }), 1).values.email).toBe('ada@example.com')
  })

  it('replaces n/a, -, --, none, null, undefined and empty by the default in optional fields', () => {
    for (const token of ['', 'n/a', '-', '--', 'None', 'NULL', 'undefined']) {
      const { values, errors } = parseImportRow(
        cells({ employmentStatus: token, performanceRating: token, email: token }),
        1,
      )
      expect(errors).toEqual([])
      expect(values).toMatchObject({ employmentStatus: 'Active', performanceRating: 1, email: null })
    }
  })

  it("a blank Hire Date (required) is Missing-hireDate, never the import's date; Pay Currency and Salaried take their defaults", () => {
    for (const token of ['', '  ', 'n/a', 'null']) {
      const { values, errors } = parseImportRow(
        cells({ hireDate: token, payCurrency: token, salaried: token }),
        4,
      )
      expect(errors).toEqual([
        {
          field: 'hireDate',
          code: 'Missing-hireDate',
          message: 'Required field "hireDate" is missing in row 4',
        },
      ])
      expect(values).toMatchObject({ hireDate: null, payCurrency: 'USD', salaried: true })
    }
  })

  it('trims every white space String#trim removes, the no-break space of Excel exports included', () => {
    const values = parseImportRow(
      cells({ employeeName: '\u00a0Ada Park\u00a0', jobTitle: 'Engineer\u2003', gender: '\u00a0n/a' }),
      1,
    ).values
    expect(values.employeeName).toBe('Ada Park')
    expect(values.jobTitle).toBe('Engineer')
    expect(values.gender).toBe(parseImportRow(cells({ gender: '' }), 1).values.gender)
    expect(isImportNullToken('\u00a0n/a\u00a0')).toBe(true)
    expect(isImportNullToken('\u3000undefined\u3000')).toBe(true)
    expect(isImportNullToken('\u00a0Ada')).toBe(false)
  })

  it("takes off the export's formula guard", () => {
    expect(parseImportRow(cells({ employeeName: "'=cmd|' /C calc'!A0" }), 1).values.employeeName).toBe(
      "=cmd|' /C calc'!A0",
    )
  })
})

describe('the row parser agrees with the general value rules', () => {
  /** The value rule, then the stored value's limit (field-limits.ts). */
  const general = (column: (typeof IMPORT_COLUMNS)[number], raw: string, row: number) => {
    const result = typed(column, raw, row)
    const limit = IMPORT_LIMITS[column.field]
    if (!('value' in result) || result.value === null || !limit || !limitProblem(limit, result.value))
      return result
    return { code: limit.kind === 'text' ? 'TooLong' : 'OutOfRange' }
  }
  const typed = (
    column: (typeof IMPORT_COLUMNS)[number],
    raw: string,
    row: number,
  ): { code: string } | { value: unknown } => {
    if (MONEY_FIELDS.has(column.field)) {
      if (isImportNullToken(raw)) return { value: 0 }
      const cents = parseMoneyCents(raw)
      if (cents === null) return { code: 'InvalidNumber' }
      return cents < 0 ? { code: 'NegativeAmount' } : { value: cents }
    }
    const result = parseImportColumnValue(column, raw, { row })
    if (!result.ok) return { code: result.code }
    if (column.field === 'age' && typeof result.value === 'number') return { value: Math.floor(result.value) }
    return { value: typeof result.value === 'string' ? unescapeFormulaGuard(result.value) : result.value }
  }
  const raw = fc.oneof(
    fc.constantFrom('', ' ', 'n/a', 'NULL', ' none ', '-', '--', 'undefined', 'u', 'n', 'N', 'yes', 'No'),
    fc.constantFrom(
      'true',
      'false',
      'TRUE',
      '1',
      '0',
      '12',
      ' 7 ',
      '007',
      '1,234.56',
      '-5',
      '1e3',
      '9999999999999',
      '999999999999',
      '151',
      '150.5',
    ),
    fc.constantFrom(
      'USD',
      'usd',
      'EUR ',
      'XYZ',
      '2024-02-29',
      '2023-02-29',
      '2024-13-01',
      '3/7/2021',
      '0999-01-01',
    ),
    fc.constantFrom('a@b.co', ' Ada@Example.COM ', "'=SUM(A1)", "'x", "O'Brien", '\tx'),
    // Excel pads cells with the no-break space; String#trim removes it and the other Unicode spaces.
    fc.constantFrom('Ada\u00a0', '\u00a0Ada', '\u00a0n/a\u00a0', '\u2003none', 'x\u3000', '\ufeffnull'),
    fc.string({ maxLength: 10 }),
    fc.string({ minLength: 99, maxLength: 330 }),
  )

  it('every cell of every column, fast path or not, parses as parseImportColumnValue says', () => {
    fc.assert(
      fc.property(
        fc.array(raw, { minLength: IMPORT_COLUMNS.length, maxLength: IMPORT_COLUMNS.length }),
        fc.nat(99),
        (cellsIn, row) => {
          const { values, errors } = parseImportRow(cellsIn, row + 1)
          IMPORT_COLUMNS.forEach((column, i) => {
            const expected = general(column, cellsIn[i], row + 1)
            const error = errors.find((e) => e.field === column.field)
            if ('code' in expected) expect(error?.code).toBe(expected.code)
            else {
              expect(error).toBeUndefined()
              expect(values[column.field]).toEqual(expected.value)
            }
          })
        },
      ),
      { numRuns: 2000 },
    )
  })

  it('fills each field from its own column, in the order of IMPORT_COLUMNS', () => {
    const text = IMPORT_COLUMNS.map((c) => (c.type === 'string' ? `value of ${c.header}` : ''))
    const { values } = parseImportRow(text, 1)
    expect(Object.keys(values)).toEqual(IMPORT_COLUMNS.map((c) => c.field))
    for (const column of IMPORT_COLUMNS.filter((c) => c.type === 'string'))
      expect(values[column.field]).toBe(`value of ${column.header}`)
  })
})

describe('checks across rows', () => {
  const parsed = (rows: Partial<Record<ImportField, string>>[]) =>
    rows.map((r, i) => parseImportRow(cells(r), i + 1).values as ImportRow)
  const none = { existingEmployeeIds: new Set<string>(), existingJobCodes: new Set<string>() }

  it('rows sharing a Pay Range Name must agree on salaried, pay and currency; the error carries the key', () => {
    const errors = crossRowErrors(
      parsed([{ employeeId: 'A' }, { employeeId: 'B', minPay: '85000', payCurrency: 'EUR' }]),
      none,
    )
    expect(errors.map((e) => [e.row, e.field, e.code, e.consistencyKey])).toEqual([
      [2, 'minPay', 'InconsistentValue', { field: 'payRangeName', value: 'ENG' }],
      [2, 'payCurrency', 'InconsistentValue', { field: 'payRangeName', value: 'ENG' }],
    ])
    expect(errors[0].message).toBe(
      'Rows with Pay Range Name "ENG" must agree on Min Pay: row 1 has 80000, this row 85000',
    )
  })

  it('rows sharing a Job Code must agree on pay range name and exemption status', () => {
    const errors = crossRowErrors(
      parsed([{ employeeId: 'A' }, { employeeId: 'B', exemptionStatus: 'yes' }]),
      none,
    )
    expect(errors).toEqual([
      expect.objectContaining({
        row: 2,
        field: 'exemptionStatus',
        consistencyKey: { field: 'jobCode', value: 'ENG-2' },
      }),
    ])
  })

  it('refuses a duplicate Employee Id, a manager or planner who is nobody, an unknown new job code, and a management cycle', () => {
    const errors = crossRowErrors(
      parsed([
        { employeeId: 'A', managerEmployeeId: 'B' },
        { employeeId: 'B', managerEmployeeId: 'A' },
        { employeeId: 'A' },
        { employeeId: 'C', managerEmployeeId: 'ZZ', planner: 'YY', newJobCode: 'NOPE' },
        { employeeId: 'D', managerEmployeeId: 'D' },
      ]),
      none,
    )
    expect(errors.map((e) => [e.row, e.code, e.message])).toEqual([
      [3, 'DuplicateEmployeeId', 'Employee Id "A" is already used in row 1'],
      [4, 'UnknownManager', 'Manager Employee Id "ZZ" names no employee'],
      [4, 'UnknownPlanner', 'Planner "YY" names no employee'],
      [4, 'UnknownJobCode', 'New Job code "NOPE" names no job code'],
      [1, 'ManagementCycle', 'Management cycle: A → B → A'],
      [2, 'ManagementCycle', 'Management cycle: A → B → A'],
      [5, 'ManagementCycle', 'Management cycle: D → D'],
    ])
  })

  it('accepts a manager who is already in the workbook (a partial re-import)', () => {
    const errors = crossRowErrors(parsed([{ employeeId: 'A', managerEmployeeId: 'BOSS' }]), {
      existingEmployeeIds: new Set(['BOSS']),
      existingJobCodes: new Set(),
    })
    expect(errors).toEqual([])
  })
})
