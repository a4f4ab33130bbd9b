import { EMPLOYEE_FIELD_NAMES } from '../../src-shared/domain/company-records'

export const USAGE = `Meritbook command line

  new <file.paycycle> [--demo <N>] [--seed <s>] [--company <name>] [--owner-name <name>] [--owner-email <email>] [--json]
      Create a workbook: empty (owned by you) or holding the seeded demo company of N employees.
  info <file.paycycle> [--as <email>] --json
      Print { schemaVersion, employees, teams, payRanges, activePayCycle }.
  copy <file.paycycle> <out.paycycle> [--replace] [--json]
      Save a copy: the workbook whole in one file (VACUUM INTO a temporary file beside <out>, fsync,
      rename), also while Meritbook has it open. Refuses <file> itself, and an existing <out> without
      --replace. --json: { path, bytes }.
  demo-csv <out.csv> --employees <N> [--seed <s>]
      Write the demo company as an employee import CSV.
  config <file.paycycle> [--set key=value]… [--as <email>] --json
      Print the current pay cycle (active, else the one closed last), after changing any settings key (plannerViolations.<rule>=warning,
      prorationRules=<JSON>, performanceRatings=<JSON>), companyMeritBudget, defaultCurrency or
      currencyConversions.<CODE>=<rate>.
  cycle <file.paycycle> list|show [<id>]|new --name <n> [--effective <date>] [--budget <n>] [--copy-plans]|activate <id or name> [--copy-plans]|close [--as <email>] --json
      Pay cycle configurations. new (or create) is saved active with the current one's currency, rates
      and settings, deactivating it; activate reopens a closed one; close locks every planner choice.
      A new or activated cycle starts with no planned rewards, recommendations or team budgets unless
      --copy-plans (copy last cycle's plans).
  submit <file.paycycle> --as <email> --comments <text> [--for <planner email>] --json
      Submit one's plan (PLANNER), a sub-planner's (FORCE) or, as an admin role, anyone's (HR).
  unsubmit <file.paycycle> --as <email> --planner <email> [--comments <reason>] --json
      Send a planner's submission back for changes (admin roles).
  status <file.paycycle> [--as <email>] --json
      Every team of the user's tree: { teams: [{ name, manager, submitted, submissionType, submittedSubPlanners, subPlanners }] }.
  stats <file.paycycle> --metric compaRatio|newCompaRatio|increasePercent --group all|gender|race|age [--as <email>] --json
      The dashboard's box-plot figures over the rows the user's table shows (--group all when left out):
      { groups: [{ name, n, min, q1, median, q3, max, lowerWhisker, upperWhisker, outliers, mean }] }
      (outliers: how many lie beyond the whiskers; quartiles interpolated, whiskers at 1.5 × IQR).
  stats <file.paycycle> --equity [--as <email>] --json
      The pay-equity view: { gender, race }, each { reference, rows: [{ name, count, medianBefore,
      gapBefore, medianAfter, gapAfter, reference, note }] } (compa-ratio medians; gaps in % to the reference).
  budget <file.paycycle> --team <name> (--amount <n> [--currency <code>] | --clear) [--as <email>] --json
      Set or clear a team budget (refused where the spec disables the input).
  budget <file.paycycle> --recommended [--as <email>] --json
      calculate-budget: store every team's recommended budget and list { team, recommendedBudget }.
  matrix <file.paycycle> --budget <amount> --perf-priority <0-100> --pir-priority <0-100> --max-pir <1-5> [--cell <row>,<col>] [--save] [--per-employee] [--as <email>] --json
      calculate-matrix (HyperBalance): the spec's fields (calculated_hyperbalance_matrix, hyperbalance_matrix,
      current_count_matrix, new_count_matrix, cell_data, budget_used); money in units of the default currency.
      --cell lists a cell (row: rating, lowest first; col: band 0 = '0.0' … 10 = '1.0'); --per-employee adds
      employees: [{ id, rating, currentPositionInRange, newPositionInRange, increase, increasePercent }];
      --save writes every reward's recommendation and the configuration (one undoable step).
  import <file.paycycle> <employees.csv> [--plans keep-percent|keep-salary|clear] [--progress] [--as <email>] [--json]
      Import employees (creates the workbook when missing); all-or-nothing. Exit 1 when invalid or aborted.
      Employees already in the workbook are updated by Employee Id. A plan whose current pay, currency,
      pay range, eligibility or name changes keeps its increase percent (default), its new salary, or
      is cleared (--plans). --json: { status, rows, imported, created, updated, unchanged, plansAffected,
      planMode, errors, warnings } (warnings: { row, header, id, code, message }, e.g. a salaried pay below
      10% of its range minimum). Without --json: the counts, the first 20 warnings and errors (or why the
      file was refused). Amounts take only the row's Pay Currency's symbol; write dates as yyyy-mm-dd.
      Progress goes to stderr: a bar when stderr is a terminal; --progress prints one JSON line per step instead,
      { phase: read|validate|write|commit, done, total } (rows; total null while reading; commit done 0 just
      before the commit, then all rows once committed).
  export <file.paycycle> <out.csv>
      Write the company in the import format (import → export → import is the identity).
  move <file.paycycle> --employee <Employee Id> (--team <name> | --onto <Employee Id> | --root) [--as <email>] --json
      Move an employee on the org chart (a drop): into a team, onto someone (their team, or a new one), or to the root.
  server-publish <file.paycycle> --server <url> --email <e> --password-stdin --json
      Upload the workbook's company to your (empty) company on the server.
  server-join <out.paycycle> --server <url> --email <e> --password-stdin --json
      Download your server company into a new workbook.
  sync <replica.paycycle> [--once] [--share] --email <e> --password-stdin [--server <url>] --json
      Push the replica's waiting edits and pull the company's changes until idle (or one round):
      { pushed, pulled, conflicts, refused, outbox, shared }. --share (administrators): then share the
      company file, so that the next administrator joins from it (shared: its change, or null).
  sync <replica.paycycle> --status --json
      The replica's server, feed position and edits waiting, without the server.
  check <file.paycycle> [--as <email>] --json
      Every violation, proration and team budget check the user can see.
  plan <file.paycycle> <plan.csv> [--as <email>] --json
      Bulk planner input (Employee Id, New Salary, New Percent Bonus, New Dollar Bonus, Lump Sum,
      Comments, Performance Plan); all-or-nothing. Exit 1 when the file has errors.
  users <file.paycycle> list|add --email <e> --role <r> [--employee <Employee Id>]|set-role <email> <role>|remove <email>|invite <email>|invite-all [--as <email>] --json
      Users and roles. Refused (exit 1) for a role the acting user may not grant and for one's own role.
      invite records the invite and prints the invitation (no e-mail is sent from a desktop workbook).
  employee <file.paycycle> set <Employee Id> <field>=<value>… [--as <email>] --json
      Edit an employee's record, validated like the import. Fields: ${EMPLOYEE_FIELD_NAMES.join(', ')}.
  payrange <file.paycycle> set <name> [min=<n>] [mid=<n>] [max=<n>] [currency=<code>] [salaried=<bool>] [name=<new name>] --json
      Edit a pay range (min ≤ mid ≤ max); the table's compa ratios follow.
  statements <file.paycycle> template list|add --name <n> [--intro <text>] [--closing <text>] [--tags a,b] [--logo <png|jpg>] [--as <email>] --json
      Reward statement templates. Merge tags such as {{name}} or {{effective_date}} in the texts (an unknown
      tag is refused); --tags turns on only these data tags: salary, bonus, lump_sum, totalCash, compaRatio,
      positionInRange, pay_range (default: salary, bonus, lump_sum, totalCash).
  statements <file.paycycle> generate --template <name> --out <dir> [--team <name> | --employees <Employee Id,…>] [--combined] [--include-unsubmitted] [--as <email>] --json
      One PDF per employee (everyone the user may see, a team and the teams below it, or these employees) in
      <dir>, named from the Employee Id and the name; --combined also writes 'All statements.pdf'.
      --json: { written, files, combined }. Plans not submitted or sent back stop the run with a warning naming
      how many and their teams; --include-unsubmitted goes on (also for send).
  statements <replica.paycycle> send --template <name> [--method attachment|link] [--team <name> | --employees <Employee Id,…>] --email <e> --password-stdin [--server <url>] [--as <email>] --json
      Send statements by e-mail through the company server the workbook was joined from (bulk-mail-statement,
      25 a step): the PDF attached (default; it cannot be recalled) or a personal link that can be revoked.
      Each employee's outcome is recorded in the workbook; --json: { total, sent, failed, results: [{ employeeId,
      name, status, detail }] }. Acts as --as, else as --email.
  statements <replica.paycycle> revoke-link|restore-link --employee <Employee Id> --email <e> --password-stdin [--server <url>] --json
      Revoke (or restore) the link of the employee's latest statement sent as a link; --json: the server's statement.

Run with: npm run -s cli -- <command> …`

/** A mistake in how the command was called: exit 2 with the message and the usage on stderr. */
export class UsageError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'UsageError'
  }
}

export function positiveInteger(value: string | undefined, flag: string, fallback: number): number {
  if (value === undefined) return fallback
  const n = Number(value)
  if (!Number.isInteger(n) || n < 1)
    throw new UsageError(`${flag} must be a whole number above 0, not "${value}".`)
  return n
}

export function integer(value: string | undefined, flag: string, fallback: number): number {
  if (value === undefined) return fallback
  const n = Number(value)
  if (!Number.isInteger(n)) throw new UsageError(`${flag} must be a whole number, not "${value}".`)
  return n
}
