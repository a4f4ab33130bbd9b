/**
 * The targets of issue 20 and the fixed batches `npm run mutate` (scripts/mutate.mjs) runs them in.
 *
 * A batch is a few files of one target folder, small enough that Stryker finishes it in about
 * 30 minutes on the 2-core machine shared with other work (a killed Stryker run keeps nothing, so
 * this bounds what an interruption loses). Each batch keeps its own incremental file and JSON report
 * under reports/mutate/. Sizes are Stryker's mutant counts (static and not compiling included).
 * Keep the groups fixed: moving a file to another batch re-tests its mutants from scratch. A file of a
 * target folder that is in no batch makes that folder's figure "incomplete" until it is added here.
 */

export interface MutateTarget {
  /** The folder whose files are mutated, relative to the project root, without a trailing slash. */
  folder: string
  /** The least mutation score (%) that meets the target. */
  minScore: number
  /** The Stryker config whose options a batch of this folder starts from. */
  strykerConfig: string
  /**
   * The vitest config whose tests cover the folder. A batch may narrow its include to the unit tests
   * and the integration files listed in its `tests`.
   */
  vitestConfig: string
  /** The test files every batch of the folder runs beside its `tests` (default: the unit tests). */
  baseTests?: readonly string[]
}

export interface MutateBatch {
  name: string
  folder: string
  /** Files relative to the project root. */
  files: readonly string[]
  /**
   * Integration test files (or globs) run beside `tests/unit` for this batch, instead of every file
   * of the target's vitest config: each integration file builds its workbook before its tests, so a
   * mutant costs seconds per file that reaches it. Leaving a test out can only lower the score.
   */
  tests?: readonly string[]
}

const DOMAIN = 'src-shared/domain'
const IMPORT = 'src-main/services/import'
const TABLE = 'src-main/services/table'
const AUTH = 'src-server/auth'
const HTTP = 'src-server/http'

export const MUTATE_TARGETS: readonly MutateTarget[] = [
  {
    folder: DOMAIN,
    // Issue 40: 95 % by the ledger's count (equivalent mutants only by proof).
    minScore: 95,
    strykerConfig: 'stryker.domain.config.mjs',
    vitestConfig: 'vitest.stryker.config.mts',
  },
  {
    folder: IMPORT,
    minScore: 80,
    strykerConfig: 'stryker.services.config.mjs',
    vitestConfig: 'vitest.stryker.services.config.mts',
  },
  {
    folder: TABLE,
    minScore: 80,
    strykerConfig: 'stryker.services.config.mjs',
    vitestConfig: 'vitest.stryker.services.config.mts',
  },
  // Issue 40: the server's sign-in and tokens, and its HTTP layer with the access checks of every route
  // (who the caller is, which channel a role may use, which teams a planner plans, locks, limits).
  {
    folder: AUTH,
    minScore: 85,
    strykerConfig: 'stryker.server.config.mjs',
    vitestConfig: 'vitest.stryker.server.config.mts',
    baseTests: [],
  },
  {
    folder: HTTP,
    minScore: 85,
    strykerConfig: 'stryker.server.config.mjs',
    vitestConfig: 'vitest.stryker.server.config.mts',
    baseTests: [],
  },
]

function inFolder(folder: string, names: readonly string[]): string[] {
  return names.map((name) => `${folder}/${name}`)
}

const it = (name: string) => `tests/integration/${name}`
const server = (name: string) => `tests/server/${name}`

export const MUTATE_BATCHES: readonly MutateBatch[] = [
  // src-shared/domain: the unit tests (vitest.stryker.config.mts).
  {
    name: 'domain-01',
    folder: DOMAIN,
    files: inFolder(DOMAIN, ['access.ts', 'admin-rules.ts', 'budget-figures.ts', 'budget-flow.ts']),
  }, // 416
  {
    name: 'domain-02',
    folder: DOMAIN,
    files: inFolder(DOMAIN, [
      'budget-used.ts',
      'company-records.ts',
      'csv-format.ts',
      'csv-headers.ts',
      'currencies.ts',
      'currency-conversion.ts',
    ]),
  }, // 400
  {
    name: 'domain-03',
    folder: DOMAIN,
    files: inFolder(DOMAIN, ['demographics.ts', 'distribution.ts', 'hierarchy.ts']),
  }, // 366
  {
    name: 'domain-04',
    folder: DOMAIN,
    files: inFolder(DOMAIN, ['import-checks.ts', 'import-format.ts', 'import-placement.ts']),
  }, // 303
  {
    name: 'domain-05',
    folder: DOMAIN,
    files: inFolder(DOMAIN, ['import-rows.ts', 'import-validation.ts', 'white-space.ts']),
  }, // 220 + white-space.ts
  { name: 'domain-06', folder: DOMAIN, files: inFolder(DOMAIN, ['import-values.ts']) }, // 361
  {
    name: 'domain-07',
    folder: DOMAIN,
    files: inFolder(DOMAIN, ['input-parsing.ts', 'job-profiles.ts', 'locks.ts', 'money.ts']),
  }, // 365
  { name: 'domain-08', folder: DOMAIN, files: inFolder(DOMAIN, ['org-chart.ts']) }, // 277
  { name: 'domain-09', folder: DOMAIN, files: inFolder(DOMAIN, ['pasted-values.ts']) }, // 344
  { name: 'domain-10', folder: DOMAIN, files: inFolder(DOMAIN, ['pay-cycles.ts']) }, // 389
  {
    name: 'domain-11',
    folder: DOMAIN,
    files: inFolder(DOMAIN, [
      'pay-equity.ts',
      'pay-in-range.ts',
      'pay-range-hints.ts',
      'pay.ts',
      'plan-evaluation.ts',
      'plan-format.ts',
    ]),
  }, // 308
  {
    name: 'domain-12',
    folder: DOMAIN,
    files: inFolder(DOMAIN, ['proration.ts', 'ratings.ts', 'reimport-classification.ts', 'sliders.ts']),
  }, // 356
  {
    name: 'domain-13',
    folder: DOMAIN,
    files: inFolder(DOMAIN, [
      'reimport.ts',
      'reward-edits.ts',
      'roles.ts',
      'routes.ts',
      'settings.ts',
      'shown-values.ts',
    ]),
  }, // 363
  { name: 'domain-14', folder: DOMAIN, files: inFolder(DOMAIN, ['statistics.ts']) }, // 416
  {
    name: 'domain-15',
    folder: DOMAIN,
    files: inFolder(DOMAIN, ['submissions.ts', 'sync.ts', 'table-columns.ts']),
  }, // 264
  { name: 'domain-16', folder: DOMAIN, files: inFolder(DOMAIN, ['team-budget.ts', 'team-totals.ts']) }, // 342
  {
    name: 'domain-17',
    folder: DOMAIN,
    files: inFolder(DOMAIN, ['user-admin.ts', 'user-settings.ts', 'violations.ts', 'visibility.ts']),
  }, // 306
  {
    name: 'domain-merit-matrix-1',
    folder: DOMAIN,
    files: inFolder(DOMAIN, ['merit-matrix/allocate.ts', 'merit-matrix/calculate.ts']),
  }, // 424
  {
    name: 'domain-merit-matrix-2',
    folder: DOMAIN,
    files: inFolder(DOMAIN, [
      'merit-matrix/bands.ts',
      'merit-matrix/errors.ts',
      'merit-matrix/index.ts',
      'merit-matrix/inputs.ts',
      'merit-matrix/limits.ts',
      'merit-matrix/multipliers.ts',
      'merit-matrix/ratings.ts',
      'merit-matrix/rewards.ts',
      'merit-matrix/types.ts',
    ]),
  }, // 196
  {
    name: 'domain-statements-1',
    folder: DOMAIN,
    files: inFolder(DOMAIN, ['statements/layout.ts', 'statements/file-names.ts']),
  }, // 340
  {
    name: 'domain-statements-2',
    folder: DOMAIN,
    files: inFolder(DOMAIN, ['statements/facts.ts', 'statements/merge-tags.ts', 'statements/templates.ts']),
  }, // 407

  // src-main/services/import: the unit tests and the integration files that drive the import.
  { name: 'import-reader-1', folder: IMPORT, files: inFolder(IMPORT, ['csv-records.ts']) }, // 230
  {
    name: 'import-reader-2',
    folder: IMPORT,
    files: inFolder(IMPORT, ['csv-text.ts', 'error-report.ts', 'read-csv.ts']),
  }, // 295
  {
    name: 'import-review',
    folder: IMPORT,
    files: inFolder(IMPORT, ['comparison.ts', 'consistency.ts', 'edits.ts', 'reimport.ts']),
    tests: [it('import-conflicts*.test.ts'), it('reimport-plans*.test.ts'), it('import-jobs-edges.test.ts')],
  }, // 375
  {
    name: 'import-jobs',
    folder: IMPORT,
    files: inFolder(IMPORT, ['commit.ts', 'export.ts', 'index.ts', 'job.ts', 'jobs.ts']),
    tests: [it('import-conflicts*.test.ts'), it('reimport-plans*.test.ts'), it('import-jobs-edges.test.ts')],
  }, // 254

  // src-main/services/table: the unit tests and the table-* integration files that reach each batch.
  {
    name: 'table-filters',
    folder: TABLE,
    files: inFolder(TABLE, ['filters.ts', 'sort.ts']),
    tests: [it('table-query*.test.ts'), it('table-model-source.test.ts')],
  }, // 347
  {
    name: 'table-query',
    folder: TABLE,
    files: inFolder(TABLE, ['query.ts', 'violation-groups.ts']),
    tests: [it('table-query*.test.ts'), it('table-model-source.test.ts')],
  }, // 261
  {
    name: 'table-model',
    folder: TABLE,
    files: inFolder(TABLE, ['model.ts', 'history.ts']),
    tests: [it('table-model*.test.ts'), it('table-edit*.test.ts'), it('table-service-edges.test.ts')],
  }, // 207
  {
    name: 'table-update',
    folder: TABLE,
    files: inFolder(TABLE, ['update.ts', 'rules.ts']),
    tests: [it('table-model*.test.ts'), it('table-edit*.test.ts'), it('table-service-edges.test.ts')],
  }, // 177
  {
    name: 'table-export',
    folder: TABLE,
    files: inFolder(TABLE, ['export-csv.ts']),
    // table-model-source.test.ts exports data the demo does not hold: an unrated row, a percent that is
    // no finite number, rows only some of which convert ('Amounts In').
    tests: [it('table-export*.test.ts'), it('table-edit*.test.ts'), it('table-model-source.test.ts')],
  }, // 190
  {
    name: 'table-rows',
    folder: TABLE,
    files: inFolder(TABLE, ['columns.ts', 'rows.ts', 'user-settings.ts']),
    // submissions.test.ts reaches rows.ts's actor of a locked plan ('Your plan is submitted; choices are locked.').
    tests: [
      it('table-export*.test.ts'),
      it('table-edit*.test.ts'),
      it('table-query.test.ts'),
      it('submissions.test.ts'),
    ],
  }, // 168
  {
    name: 'table-small',
    folder: TABLE,
    files: inFolder(TABLE, ['cache.ts', 'query-cache.ts', 'rows-from.ts', 'service.ts', 'view-as.ts']),
    tests: [
      it('table-prepare.test.ts'),
      it('table-cache.test.ts'),
      it('table-query.test.ts'),
      it('table-rows-from.test.ts'),
      it('table-service-edges.test.ts'),
      it('table-view-as-edges.test.ts'),
    ],
  }, // 146

  // src-server: the server suites (PostgreSQL on 127.0.0.1:5432) that reach each batch; no unit tests.
  {
    name: 'server-auth',
    folder: AUTH,
    files: inFolder(AUTH, [
      'links.ts',
      'passwords.ts',
      'refresh.ts',
      'send-link.ts',
      'statement-tokens.ts',
      'tokens.ts',
    ]),
    tests: [server('auth.test.ts'), server('sessions.test.ts'), server('attacks.test.ts')],
  },
  {
    name: 'server-access',
    folder: HTTP,
    files: inFolder(HTTP, [
      'context.ts',
      'feed-position.ts',
      'planning-access.ts',
      'reduced-views.ts',
      'route-guard.ts',
    ]),
    tests: [
      server('route-access.test.ts'),
      server('planning.test.ts'),
      server('attacks.test.ts'),
      server('client-mistakes.test.ts'),
    ],
  },
  {
    name: 'server-http',
    folder: HTTP,
    files: inFolder(HTTP, ['errors.ts', 'limits.ts']),
    tests: [
      server('attacks-limits.test.ts'),
      server('client-mistakes.test.ts'),
      server('no-5xx.test.ts'),
      server('attacks.test.ts'),
    ],
  },
]
