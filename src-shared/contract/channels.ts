import { z } from 'zod'
import type { AccessRule } from '../domain/access'
import { CURRENCY_CODES } from '../domain/currencies'
import type {
  AppInfo,
  BulkPlanResult,
  CheckReport,
  CompanyDto,
  EmployeeDto,
  JobProfileDto,
  PayCycleDto,
  PayRangeDto,
  PlannerSubmissionDto,
  RecentFile,
  RewardDto,
  RoleDto,
  SavedBudget,
  TeamDto,
  UserDto,
  UserSettingsDto,
  WorkbookSummary,
} from './dto'
import type { BudgetLevel, ManagerBudgetLevel } from './budget-dto'
import type { MatrixAnswer, MatrixConfigAnswer, RestoredMatrix, SavedMatrix } from './matrix-dto'
import {
  DASHBOARD_METRICS,
  type DashboardStats,
  type DashboardSummary,
  type IncreaseTablePage,
} from './dashboard-dto'
import { DEMOGRAPHIC_GROUPINGS } from '../domain/demographics'
import { companySnapshotSchema, type CompanySnapshot } from './company-snapshot'
import type { PublishResult, ServerStatus } from './server-dto'
import { orgSnapshotSchema, type OrgChartMoveResult, type OrgChartView } from './org-chart-dto'
import type { PlannerStatusCard, PlannerStatusTree } from './status-dto'
import type { CreatedUser, InviteAllResult, InviteResult, ManagersPreview, UsersPage } from './users-dto'
import type {
  EmployeeRecordDto,
  EmployeeUpdateResult,
  PayRangeRowDto,
  PayRangeUpdateResult,
  JobProfileRowDto,
  JobProfileUpdateResult,
} from './records-dto'
import { ROLES } from '../domain/roles'
import {
  EMPLOYEE_FIELD_NAMES,
  JOB_PROFILE_FIELD_NAMES,
  PAY_RANGE_FIELD_NAMES,
} from '../domain/company-records'
import { USER_ROW_FILTERS } from '../domain/user-admin'
import { PLAN_MODES, type PlanMode } from '../domain/reimport'
import type { ImportPreview, ImportRowsPage, ImportSummary } from './import-dto'
import type {
  RewardHistoryEntry,
  TablePage,
  TableRow,
  ViewAsChoice,
  ViolationGroupsDto,
  ViolationItemsPage,
} from './table-dto'
import { rewardChangesSchema, tableQuerySchema } from './table-schema'
import { payCycleConfigSchema, payCyclePatchSchema, payCycleRestoreSchema } from './pay-cycle-schema'
import type { LiveRates, PayCycleChange, PayCycleHistoryEntry } from './pay-cycle-dto'
import type {
  StatementEmployeesPage,
  StatementJobSummary,
  StatementPreviewDto,
  StatementTemplateDto,
  StatementTemplateSummary,
  TemplateChange,
} from './statements-dto'
import { DATA_TAGS, TEMPLATE_NAME_MAX, TEMPLATE_TEXT_MAX } from '../domain/statements/templates'
import type { PushBatchDto, SyncApplied, SyncReplicaState, SyncStatus } from './sync-replica-dto'
import { pushedValuesSchema, pushKeySchema, syncFeedPageSchema } from './sync-schema'

/**
 * Who may call a channel:
 * - open: no workbook needed (the welcome screen);
 * - member: any user of the open workbook;
 * - pages: a user whose role reaches one of these pages (spec §6 page access);
 * - admin: OWNER, ADMIN or SUPER_USER (spec §6 admin powers).
 */
export type Access = AccessRule

export interface ChannelSpec<Input extends z.ZodType, Output, A extends Access = Access> {
  input: Input
  access: A
  /** Phantom: carries the output type only. */
  output?: Output
}

function channel<Output>() {
  return <Input extends z.ZodType, A extends Access>(
    input: Input,
    access: A,
  ): ChannelSpec<Input, Output, A> => ({
    input,
    access,
  })
}

const none = z.object({}).strict()
const filePath = z.string().trim().min(1, 'A file path is required.').max(4096)
const importId = z.string().min(1).max(100)
const open = { kind: 'open' } as const
const member = { kind: 'member' } as const
const admin = { kind: 'admin' } as const
/** Who plans: roles reaching the Compensation Table (managers and planners see only their teams). */
const planningEditor: Access = { kind: 'pages', pages: ['employeetable'] }
/** Who submits plans and follows their status: planners and managers, and admin roles. */
const submitters: Access = { kind: 'pages', pages: ['employeetable', 'plannerstatus'] }
const planningPages: Access = {
  kind: 'pages',
  pages: ['employeetable', 'plannerdashboard', 'plannerstatus', 'compstatements', 'hrdashboard'],
}

/** Reward Statements: COMM_MANAGER's only page, planners' and admin roles'. */
const statementsPage: Access = { kind: 'pages', pages: ['compstatements'] }
const templateId = z.number().int().positive()
/** A draft as the editor holds it (templateProblems checks it in main before anything is written). */
const templateDraft = z
  .object({
    name: z.string().max(TEMPLATE_NAME_MAX * 2),
    // A 1 MiB image as base64, with its data: prefix.
    logo: z.string().max(1_500_000).nullable(),
    intro: z.string().max(TEMPLATE_TEXT_MAX * 2),
    closing: z.string().max(TEMPLATE_TEXT_MAX * 2),
    dataTags: z.object(
      Object.fromEntries(DATA_TAGS.map((t) => [t, z.boolean()])) as Record<
        (typeof DATA_TAGS)[number],
        z.ZodBoolean
      >,
    ),
  })
  .strict()
const statementScope = z.discriminatedUnion('kind', [
  z
    .object({ kind: z.literal('employees'), ids: z.array(z.number().int().positive()).min(1).max(200_000) })
    .strict(),
  z
    .object({
      kind: z.literal('employeeIds'),
      employeeIds: z.array(z.string().trim().min(1).max(200)).min(1).max(200_000),
    })
    .strict(),
  z
    .object({
      kind: z.literal('filter'),
      search: z.string().max(200),
      teamId: z.number().int().positive().nullable(),
    })
    .strict(),
  z.object({ kind: z.literal('team'), teamId: z.number().int().positive() }).strict(),
  z.object({ kind: z.literal('all') }).strict(),
])

/** Summary & Dashboard and Summary & Dashboard (HR): each shows what the viewer's table shows. */
const dashboards: Access = { kind: 'pages', pages: ['plannerdashboard', 'hrdashboard'] }

const userId = z.number().int().positive()
const roleName = z.enum(ROLES)
const managersRole = z.enum(['PLANNER', 'MANAGER'])
const fieldText = z.string().max(1000)
export const employeeChangesSchema = z.partialRecord(z.enum(EMPLOYEE_FIELD_NAMES), fieldText)
const payRangeChanges = z.partialRecord(z.enum(PAY_RANGE_FIELD_NAMES), fieldText)
const jobProfileChanges = z.partialRecord(z.enum(JOB_PROFILE_FIELD_NAMES), fieldText)

/** POST /calculate-matrix/'s payload (spec §7); the budget in cents, null for the company merit budget. */
const matrixRequest = z
  .object({
    performance_multiplier_priority: z.number().min(0).max(100),
    position_in_range_priority: z.number().min(0).max(100),
    /** The over-max slider: 1.0 to 5.0. */
    max_position_in_range: z.number().min(1).max(5),
    desired_budget: z
      .number()
      .int('Budgets are whole cents.')
      .min(0, 'A budget cannot be negative.')
      .nullable(),
    /** Row (rating, lowest first) and column (band '0.0' … '1.0'), counted from 0. */
    cell: z
      .object({ row: z.number().int().min(0), column: z.number().int().min(0).max(10) })
      .strict()
      .nullable(),
  })
  .strict()

/** The request with what the answer should carry: a page of the cell's employees, every employee. */
export const matrixCalculationSchema = matrixRequest.extend({
  cell_offset: z.number().int().min(0).optional(),
  cell_limit: z.number().int().min(1).max(100_000).optional(),
  /** Also every placed employee's recommendation (the CLI's --per-employee). */
  per_employee: z.boolean().optional(),
})

/** The whole API between renderer and main: channel → input schema, access rule and output type. */
export const contract = {
  'app.info': channel<AppInfo>()(none, open),
  'workbook.recent': channel<RecentFile[]>()(none, open),
  'workbook.create': channel<WorkbookSummary>()(
    z
      .object({
        path: filePath,
        companyName: z.string().trim().min(1, 'Company name is required.').max(200),
        ownerName: z.string().trim().min(1, 'Your name is required.').max(200),
        ownerEmail: z.email('Email is not valid.'),
      })
      .strict(),
    open,
  ),
  'workbook.open': channel<WorkbookSummary>()(z.object({ path: filePath }).strict(), open),
  'workbook.openDemo': channel<WorkbookSummary>()(none, open),
  /** Native file dialog; only the Electron shell answers it (browser mode: UNSUPPORTED). */
  'workbook.pickFile': channel<{ path: string | null }>()(
    z.object({ purpose: z.enum(['open', 'create', 'importCsv', 'exportCsv', 'statementsFolder']) }).strict(),
    open,
  ),
  'workbook.close': channel<null>()(none, open),
  'company.get': channel<CompanyDto>()(none, member),
  'employees.list': channel<EmployeeDto[]>()(none, planningPages),
  'rewards.list': channel<RewardDto[]>()(none, planningPages),
  'jobProfiles.list': channel<JobProfileDto[]>()(none, planningPages),
  'payRanges.list': channel<PayRangeDto[]>()(none, planningPages),
  'plannerSubmissions.list': channel<PlannerSubmissionDto[]>()(none, planningPages),
  'teams.list': channel<TeamDto[]>()(none, planningPages),
  'userSettings.get': channel<UserSettingsDto>()(none, member),
  'payCycles.list': channel<PayCycleDto[]>()(none, member),
  'users.list': channel<UserDto[]>()(none, admin),
  'roles.list': channel<RoleDto[]>()(none, admin),
  /** The Users screen: a page of employees and users, searched and filtered in the main process. */
  'users.page': channel<UsersPage>()(
    z
      .object({
        search: z.string().max(200),
        filter: z.enum(USER_ROW_FILTERS),
        offset: z.number().int().min(0),
        limit: z.number().int().min(1).max(500),
      })
      .strict(),
    admin,
  ),
  /** POST users/: email, role and optionally the employee; refused for a role the actor may not grant. */
  'users.create': channel<CreatedUser>()(
    z
      .object({
        email: z.string().trim().max(320),
        role: roleName,
        employeeId: z.number().int().positive().nullable().optional(),
        name: z.string().trim().max(200).optional(),
      })
      .strict(),
    admin,
  ),
  /** PUT users/{id}/: the role; never one's own. */
  'users.setRole': channel<CreatedUser>()(z.object({ userId, role: roleName }).strict(), admin),
  /** DELETE users/{id}/ (several at once: undoing 'Create users for all managers'). */
  'users.remove': channel<{ removed: CreatedUser['user'][]; message: string }>()(
    z.object({ userIds: z.array(userId).min(1).max(200_000) }).strict(),
    admin,
  ),
  /** Records the invite (flag and date) and answers the invitation as text. */
  'users.invite': channel<InviteResult>()(z.object({ userId }).strict(), admin),
  /** Invites every user not yet invited whom the actor may manage. */
  'users.inviteAll': channel<InviteAllResult>()(none, admin),
  /** 'Create users for all managers': the preview. */
  'users.managersPreview': channel<ManagersPreview>()(z.object({ role: managersRole }).strict(), admin),
  'users.createForManagers': channel<{ created: CreatedUser['user'][]; message: string }>()(
    z.object({ role: managersRole }).strict(),
    admin,
  ),
  /** A change to the current pay cycle's settings (the CLI's config --set). */
  'payCycle.update': channel<PayCycleDto>()(z.object({ patch: payCyclePatchSchema }).strict(), admin),
  /** The pay cycle editor: a new configuration, always saved active (the active one is deactivated). */
  'payCycles.create': channel<PayCycleChange>()(z.object({ config: payCycleConfigSchema }).strict(), admin),
  /** Save, or Save And Activate (`activate`) for an inactive configuration. */
  'payCycles.save': channel<PayCycleChange>()(
    z.object({ id: userId, config: payCycleConfigSchema, activate: z.boolean() }).strict(),
    admin,
  ),
  /** Makes a configuration the active one (reopens a closed cycle). */
  'payCycles.activate': channel<PayCycleChange>()(z.object({ id: userId }).strict(), admin),
  /** ClosePayCycle: the active flag set to false; every planner choice locks. */
  'payCycles.close': channel<PayCycleChange>()(z.object({ id: userId.nullable() }).strict(), admin),
  /** Undo or redo of a lifecycle step, as its answer described it. */
  'payCycles.restore': channel<PayCycleChange>()(payCycleRestoreSchema, admin),
  /** A configuration's change-log entries, newest first. */
  'payCycles.history': channel<PayCycleHistoryEntry[]>()(z.object({ id: userId }).strict(), admin),
  /** 'Reload live rates': asks the external rates service (empty rates when it cannot be reached). */
  'currencyRates.live': channel<LiveRates>()(
    z.object({ base: z.enum(CURRENCY_CODES), currencies: z.array(z.enum(CURRENCY_CODES)).max(20) }).strict(),
    admin,
  ),
  'teams.setBudget': channel<SavedBudget>()(
    z
      .object({
        teamId: z.number().int().positive(),
        /** Cents; null clears the budget. */
        budget: z.number().int('Budgets are whole cents.').min(0, 'A budget cannot be negative.').nullable(),
        currency: z.enum(CURRENCY_CODES).optional(),
      })
      .strict(),
    admin,
  ),
  /** Bulk planner input: a CSV's header and rows, validated and applied all-or-nothing. */
  'rewards.bulkPlan': channel<BulkPlanResult>()(
    z
      .object({
        headers: z.array(z.string()).max(200),
        rows: z.array(z.array(z.string()).max(200)).max(500_000),
      })
      .strict(),
    planningEditor,
  ),
  /**
   * The employee import (Manage Data). `start` reads a CSV on this machine's disk in the
   * background (progress: task.progress; end: import.changed); browser mode uploads the chosen file
   * first (POST /api/upload). Nothing is written until `commit`, which refuses while errors remain.
   */
  'import.start': channel<ImportSummary>()(z.object({ path: filePath }).strict(), admin),
  'import.append': channel<ImportSummary>()(z.object({ importId, path: filePath }).strict(), admin),
  'import.cancel': channel<ImportSummary>()(z.object({ importId }).strict(), admin),
  'import.summary': channel<ImportSummary>()(z.object({ importId }).strict(), admin),
  'import.rows': channel<ImportRowsPage>()(
    z
      .object({
        importId,
        onlyErrors: z.boolean(),
        offset: z.number().int().min(0),
        limit: z.number().int().min(1).max(5000),
      })
      .strict(),
    admin,
  ),
  /** Edits one cell (a field of the spec's import table) and re-validates. */
  'import.editCell': channel<ImportSummary>()(
    z
      .object({
        importId,
        row: z.number().int().min(1),
        field: z.string().min(1),
        value: z.string().max(10_000),
        /** 'ask': an edit that would make other rows disagree on a key waits in summary.pendingEdit. */
        conflicts: z.enum(['ask', 'mark']).optional(),
      })
      .strict(),
    admin,
  ),
  /** The answer to summary.pendingEdit: apply and mark, apply and make all match, apply and rename the key, or drop it. */
  'import.resolveEdit': channel<ImportSummary>()(
    z
      .object({
        importId,
        resolution: z.enum(['mark', 'matchRow', 'rename', 'cancel']),
        key: z.enum(['payRangeName', 'jobCode']).optional(),
        newValue: z.string().trim().min(1).max(200).optional(),
      })
      .strict(),
    admin,
  ),
  /**
   * A consistency-key fix: 'matchRow' makes every row sharing the key agree with row `row`;
   * 'rename' gives the rows that fully match row `row` the key `newValue`.
   */
  'import.fixConsistency': channel<ImportSummary>()(
    z
      .object({
        importId,
        row: z.number().int().min(1),
        field: z.enum(['payRangeName', 'jobCode']),
        mode: z.enum(['matchRow', 'rename']),
        newValue: z.string().trim().min(1).max(200).optional(),
      })
      .strict(),
    admin,
  ),
  'import.revalidate': channel<ImportSummary>()(z.object({ importId }).strict(), admin),
  /** Imports in review with fixes made (lost when the workbook closes): how many, and how many fixes. */
  'import.pending': channel<{ imports: number; fixes: number }>()(none, member),
  /** Every error of the import as a CSV report (Row, Employee Id, Header, Code, Message, Consistency Key). */
  'import.errorReport': channel<{ csv: string }>()(z.object({ importId }).strict(), admin),
  /** Takes back the last edit or consistency fix of the rows (summary.undoLabel names it). */
  'import.undo': channel<ImportSummary>()(z.object({ importId }).strict(), admin),
  /** Makes again the last change taken back (summary.redoLabel names it). */
  'import.redo': channel<ImportSummary>()(z.object({ importId }).strict(), admin),
  /**
   * What the import would do to the workbook: new, updated and unchanged employees and the plans it
   * affects (counted over the rows without errors), with one page of the updated employees or of
   * the affected plans and what each choice makes of them.
   */
  'import.preview': channel<ImportPreview>()(
    z
      .object({
        importId,
        list: z.enum(['updated', 'plans']),
        offset: z.number().int().min(0),
        limit: z.number().int().min(1).max(500),
      })
      .strict(),
    admin,
  ),
  /**
   * What becomes of the affected plans at commit: for all (without employeeId; drops the employees'
   * own choices), or for one Employee Id (mode null: as for all).
   */
  'import.choosePlan': channel<null>()(
    z
      .object({
        importId,
        mode: z.enum(PLAN_MODES as [PlanMode, ...PlanMode[]]).nullable(),
        employeeId: z.string().min(1).max(200).optional(),
      })
      .strict(),
    admin,
  ),
  'import.commit': channel<ImportSummary>()(z.object({ importId }).strict(), admin),
  'import.discard': channel<null>()(z.object({ importId }).strict(), admin),
  /** Writes the company in the import format to a file on this machine. */
  'company.export': channel<{ path: string; rows: number }>()(z.object({ path: filePath }).strict(), admin),
  /**
   * The Compensation Table, computed in the main process: a page of rows after sort, filters and
   * search, scoped to the acting user (or the employee viewed as, within the acting user's scope).
   */
  'table.query': channel<TablePage>()(tableQuerySchema, planningEditor),
  /** The 'View as' picker: employees other than oneself who have users (a planner: within their teams). */
  'table.viewAsChoices': channel<ViewAsChoice[]>()(none, planningEditor),
  /** The 'View All' panel: the violations of the rows in view, grouped by rule with their counts. */
  'table.violationGroups': channel<ViolationGroupsDto>()(
    z.object({ viewAsEmployeeId: z.number().int().positive().nullable() }).strict(),
    planningEditor,
  ),
  /** A page of one rule's employees for the 'View All' panel. */
  'table.violationItems': channel<ViolationItemsPage>()(
    z
      .object({
        viewAsEmployeeId: z.number().int().positive().nullable(),
        rule: z.string().min(1).max(100),
        offset: z.number().int().min(0),
        limit: z.number().int().min(1).max(200),
      })
      .strict(),
    planningEditor,
  ),
  /** Planner edits, one undo step: all applied in one transaction, a reward-history row each. */
  'rewards.update': channel<TableRow[]>()(
    z
      .object({
        updates: z
          .array(z.object({ employeeId: z.number().int().positive(), changes: rewardChangesSchema }).strict())
          .min(1)
          .max(5000),
      })
      .strict(),
    planningEditor,
  ),
  /**
   * A paste's rows: the anchor row and the rows after it in the view's order (sort, filters, search,
   * 'View as'), across pages; fewer when the view ends first.
   */
  'table.rowsFrom': channel<TableRow[]>()(
    z
      .object({
        query: tableQuerySchema.omit({ offset: true, limit: true }),
        anchorId: z.number().int().positive(),
        count: z.number().int().min(1).max(5000),
      })
      .strict(),
    planningEditor,
  ),
  'rewards.history': channel<RewardHistoryEntry[]>()(
    z.object({ employeeId: z.number().int().positive() }).strict(),
    planningEditor,
  ),
  /** The table as shown (query without paging, columns, preferred currency) as CSV text. */
  'table.exportCsv': channel<{ csv: string; rows: number }>()(
    z
      .object({
        query: tableQuerySchema.omit({ offset: true, limit: true }),
        columns: z.array(z.string()).min(1).max(50),
        currency: z.enum(CURRENCY_CODES),
      })
      .strict(),
    planningEditor,
  ),
  'userSettings.update': channel<UserSettingsDto>()(
    z
      .object({
        preferredCurrency: z.enum(CURRENCY_CODES).optional(),
        compensationTableConfig: z.array(z.string().max(100)).max(100).nullable().optional(),
      })
      .strict(),
    member,
  ),
  /** The company's records, in place: an employee's admin-view fields (the side panel from the table). */
  'employees.record': channel<EmployeeRecordDto>()(
    z
      .object({
        employeeId: userId.optional(),
        /** The company's Employee Id instead (the CLI). */
        companyEmployeeId: z.string().trim().min(1).max(200).optional(),
      })
      .strict()
      .refine((v) => (v.employeeId === undefined) !== (v.companyEmployeeId === undefined), {
        message: 'Give employeeId or companyEmployeeId, not both.',
      }),
    admin,
  ),
  /** PUT /employees/{id}/: fields as text, validated like the import; one change-log entry. */
  'employees.update': channel<EmployeeUpdateResult>()(
    z.object({ employeeId: userId, changes: employeeChangesSchema }).strict(),
    admin,
  ),
  /** DELETE /employees/{id}/, after the screen asked; the history stays in the change log (its entry's id). */
  'employees.delete': channel<{ changeLogId: number; message: string }>()(
    z.object({ employeeId: userId }).strict(),
    admin,
  ),
  /** Undoes a delete from its change-log entry: the same id, reward, history and links. */
  'employees.restore': channel<EmployeeRecordDto>()(
    z.object({ changeLogId: z.number().int().positive() }).strict(),
    admin,
  ),
  /** The job-profile list: every profile with its pay range's name and how many employees hold it. */
  'jobProfiles.overview': channel<JobProfileRowDto[]>()(none, admin),
  'jobProfiles.update': channel<JobProfileUpdateResult>()(
    z.object({ jobProfileId: userId, changes: jobProfileChanges }).strict(),
    admin,
  ),
  /** The pay-range list: every range with how many job profiles and employees use it. */
  'payRanges.overview': channel<PayRangeRowDto[]>()(none, admin),
  /** PUT /payranges/{id}/. */
  'payRanges.update': channel<PayRangeUpdateResult>()(
    z.object({ payRangeId: userId, changes: payRangeChanges }).strict(),
    admin,
  ),
  /** The budget distribution view (HyperBalance): the company or a team, and a page of the tiles below. */
  'budgets.level': channel<BudgetLevel>()(
    z
      .object({
        teamId: z.number().int().positive().nullable(),
        offset: z.number().int().min(0),
        limit: z.number().int().min(1).max(200),
      })
      .strict(),
    admin,
  ),
  /** The manager budget view: the viewer's teams, or one of them and its sub-teams. */
  'budgets.managerView': channel<ManagerBudgetLevel>()(
    z.object({ teamId: z.number().int().positive().nullable() }).strict(),
    { kind: 'pages', pages: ['plannerdashboard'] },
  ),
  /**
   * Summary & Dashboard: every chart's figures over the rows the viewer's Compensation Table shows
   * (admin roles the company, managers and planners their teams, or the employee viewed as).
   */
  'dashboard.summary': channel<DashboardSummary>()(
    z.object({ viewAsEmployeeId: z.number().int().positive().nullable() }).strict(),
    dashboards,
  ),
  /** The recommended-versus-actual table, a page at a time. */
  'dashboard.increases': channel<IncreaseTablePage>()(
    z
      .object({
        viewAsEmployeeId: z.number().int().positive().nullable(),
        offset: z.number().int().min(0),
        limit: z.number().int().min(1).max(200),
        sort: z.enum(['name', 'difference']),
      })
      .strict(),
    dashboards,
  ),
  /**
   * calculate-matrix with save false: the matrix, counts before and after, budget used, and the
   * selected cell's employees (`cell_data`, a page of `cell_limit` from `cell_offset`, all by default).
   */
  'matrix.calculate': channel<MatrixAnswer>()(matrixCalculationSchema, admin),
  /**
   * calculate-matrix with save true: every reward's recommended_increase, recommended_increase_per and
   * hyperbalance_annual_allocated_budget, and the configuration, in one transaction; one undo step.
   */
  'matrix.save': channel<SavedMatrix>()(matrixCalculationSchema, admin),
  /** GET /calculate-matrix/: the saved configuration, or null defaults with a warning. */
  'matrix.config': channel<MatrixConfigAnswer>()(none, admin),
  /** Undo ('before') or redo ('after') of a matrix save, from its change-log entry. */
  'matrix.restore': channel<RestoredMatrix>()(
    z.object({ changeLogId: z.number().int().positive(), side: z.enum(['before', 'after']) }).strict(),
    admin,
  ),
  /** One metric's box-plot figures by one grouping over the same rows (the CLI's `stats`). */
  'dashboard.stats': channel<DashboardStats>()(
    z
      .object({
        viewAsEmployeeId: z.number().int().positive().nullable(),
        metric: z.enum(DASHBOARD_METRICS),
        grouping: z.enum(DEMOGRAPHIC_GROUPINGS),
      })
      .strict(),
    dashboards,
  ),
  /** calculate-budget: every team's recommended budget, stored; teams without one are left out. */
  'budgets.calculate': channel<{ teamId: number; team: string; recommendedBudget: number }[]>()(none, admin),
  /**
   * Planner submissions: one's own (PLANNER), a sub-planner's by a planner above (FORCE), anyone's by
   * an admin role (HR); `plannerEmployeeId` null means one's own.
   */
  'submissions.submit': channel<PlannerSubmissionDto>()(
    z
      .object({
        plannerEmployeeId: z.number().int().positive().nullable(),
        /** Instead of the id: the planner's user e-mail (the CLI's --for). */
        plannerEmail: z.email().optional(),
        comments: z.string().trim().min(1, 'Comments are required.').max(5000),
      })
      .strict(),
    submitters,
  ),
  /** 'Send back for changes' (admin roles). */
  'submissions.unsubmit': channel<null>()(
    z
      .object({
        plannerEmployeeId: z.number().int().positive().nullable(),
        plannerEmail: z.email().optional(),
      })
      .strict(),
    admin,
  ),
  'submissions.editComments': channel<PlannerSubmissionDto>()(
    z
      .object({
        plannerEmployeeId: z.number().int().positive(),
        comments: z.string().trim().min(1, 'Comments are required.').max(5000),
      })
      .strict(),
    admin,
  ),
  /** Planner Status: the viewer's tree of team cards, `depth` levels below the team (or the viewer's top teams). */
  'plannerStatus.tree': channel<PlannerStatusTree>()(
    z
      .object({ teamId: z.number().int().positive().nullable(), depth: z.number().int().min(0).max(4) })
      .strict(),
    submitters,
  ),
  /** Every team card of the viewer's tree, flat (the CLI's status). */
  'plannerStatus.list': channel<PlannerStatusCard[]>()(none, submitters),
  'plannerStatus.find': channel<{ id: number; name: string; plannerName: string | null; path: string[] }[]>()(
    z.object({ text: z.string().max(200) }).strict(),
    submitters,
  ),
  /** The org chart, one team at a time (null: the company root), with a page of its members. */
  'orgChart.view': channel<OrgChartView>()(
    z
      .object({
        teamId: z.number().int().positive().nullable(),
        offset: z.number().int().min(0),
        limit: z.number().int().min(1).max(500),
      })
      .strict(),
    admin,
  ),
  /** A card dropped on a team, a manager slot, another employee or the company root (§4 drag rules). */
  'orgChart.drop': channel<OrgChartMoveResult>()(
    z
      .object({
        source: z.object({ employeeId: z.number().int().positive(), asManager: z.boolean() }).strict(),
        target: z.discriminatedUnion('kind', [
          z.object({ kind: z.literal('team'), teamId: z.number().int().positive() }).strict(),
          z.object({ kind: z.literal('managerSlot'), teamId: z.number().int().positive() }).strict(),
          z.object({ kind: z.literal('employee'), employeeId: z.number().int().positive() }).strict(),
          z.object({ kind: z.literal('company') }).strict(),
        ]),
      })
      .strict(),
    admin,
  ),
  /** Undo or redo of a drop: writes back the state a drop answered. */
  'orgChart.restore': channel<null>()(z.object({ snapshot: orgSnapshotSchema }).strict(), admin),
  /** The company server (answered by the shell, which holds the tokens; see SHELL_CHANNELS). */
  'server.status': channel<ServerStatus>()(none, open),
  'server.signIn': channel<ServerStatus>()(
    z
      .object({
        server: z.string().trim().min(1, 'The server address is required.').max(500),
        email: z.email('Email is not valid.'),
        password: z.string().min(1, 'The password is required.').max(1000),
      })
      .strict(),
    open,
  ),
  'server.signOut': channel<ServerStatus>()(none, open),
  'server.recoverPassword': channel<null>()(
    z.object({ server: z.string().trim().min(1).max(500), email: z.email('Email is not valid.') }).strict(),
    open,
  ),
  'server.setPassword': channel<null>()(
    z
      .object({
        server: z.string().trim().min(1).max(500),
        link: z.string().min(1).max(500),
        password: z.string().min(1).max(1000),
      })
      .strict(),
    open,
  ),
  /** Uploads the open workbook's company to the signed-in (empty) server company. */
  'server.publish': channel<PublishResult>()(none, open),
  /** Downloads the signed-in company into a new workbook at `path`, and opens it. */
  'server.join': channel<WorkbookSummary>()(z.object({ path: filePath }).strict(), open),
  /** The whole open company in the server's shape (what publish sends). */
  'company.snapshot': channel<CompanySnapshot>()(none, admin),
  /** A new workbook at `path` filled with a downloaded company (what join writes), opened. */
  'workbook.join': channel<WorkbookSummary>()(
    z
      .object({
        path: filePath,
        company: z.string().min(1).max(200),
        server: z.string().min(1).max(500),
        email: z.email(),
        snapshot: companySnapshotSchema,
      })
      .strict(),
    open,
  ),
  /** Reward statement templates, by name (without the logos' bytes). */
  'statements.templates': channel<StatementTemplateSummary[]>()(none, statementsPage),
  'statements.template': channel<StatementTemplateDto>()(
    z.object({ id: templateId }).strict(),
    statementsPage,
  ),
  /** POST (id null) or PATCH employee/reward-statements-templates/{id}/; one change-log entry (undo). */
  'statements.saveTemplate': channel<TemplateChange>()(
    z.object({ id: templateId.nullable(), draft: templateDraft }).strict(),
    statementsPage,
  ),
  'statements.deleteTemplate': channel<TemplateChange>()(
    z.object({ id: templateId }).strict(),
    statementsPage,
  ),
  /** Undo ('before') or redo ('after') of a template's save, creation or delete, from its change-log entry. */
  'statements.restoreTemplate': channel<TemplateChange>()(
    z.object({ changeLogId: z.number().int().positive(), side: z.enum(['before', 'after']) }).strict(),
    statementsPage,
  ),
  /** RewardStatementPreview: one employee's statement laid out exactly as its PDF draws it. */
  'statements.preview': channel<StatementPreviewDto>()(
    z.object({ draft: templateDraft, employeeId: z.number().int().positive() }).strict(),
    statementsPage,
  ),
  /** The employees whose statements the user may write (search by name, a team), with their latest statement. */
  'statements.employees': channel<StatementEmployeesPage>()(
    z
      .object({
        search: z.string().max(200),
        teamId: z.number().int().positive().nullable(),
        offset: z.number().int().min(0),
        limit: z.number().int().min(1).max(500),
      })
      .strict(),
    statementsPage,
  ),
  /**
   * generate-batch: one PDF per employee in `folder` (named from the Employee Id and name), and one
   * combined PDF when asked; runs in the background (progress: task.progress; end: statements.changed).
   */
  'statements.generate': channel<StatementJobSummary>()(
    z.object({ templateId, folder: filePath, scope: statementScope, combined: z.boolean() }).strict(),
    statementsPage,
  ),
  'statements.job': channel<StatementJobSummary>()(
    z.object({ jobId: z.string().min(1).max(100) }).strict(),
    statementsPage,
  ),
  'statements.cancel': channel<StatementJobSummary>()(
    z.object({ jobId: z.string().min(1).max(100) }).strict(),
    statementsPage,
  ),
  /**
   * Live sync of a replica, driven by the shell's sync engine (which holds the tokens): the state,
   * the pushes due, their outcome, and pages of the server's feed to apply.
   */
  'sync.state': channel<SyncReplicaState>()(none, member),
  /** The status line (answered by the shell's sync runner, which knows whether the server answers). */
  'sync.status': channel<SyncStatus>()(none, open),
  'sync.claim': channel<PushBatchDto[]>()(z.object({ now: z.boolean().default(false) }).strict(), member),
  'sync.acknowledge': channel<null>()(z.object({ pushKey: pushKeySchema }).strict(), member),
  'sync.failed': channel<null>()(
    z.object({ pushKey: pushKeySchema, message: z.string().max(2000) }).strict(),
    member,
  ),
  'sync.refused': channel<SyncApplied>()(
    z
      .object({
        pushKey: pushKeySchema,
        kind: z.enum(['reward', 'submission', 'submission.deleted']),
        employeeId: z.number().int().positive(),
        fields: pushedValuesSchema,
        previous: pushedValuesSchema,
        reason: z.string().max(2000),
      })
      .strict(),
    member,
  ),
  'sync.apply': channel<SyncApplied>()(z.object({ page: syncFeedPageSchema }).strict(), member),
  'sync.accessRefused': channel<null>()(
    z.object({ reason: z.string().max(2000).nullable() }).strict(),
    member,
  ),
  /** Every violation, proration and budget check the acting user can see. */
  'checks.run': channel<CheckReport>()(none, planningPages),
} as const

/** Channels the shell answers itself (it holds the server tokens); the workbook worker never sees them. */
export const SHELL_CHANNELS = [
  'server.status',
  'server.signIn',
  'server.signOut',
  'server.recoverPassword',
  'server.setPassword',
  'server.publish',
  'server.join',
] as const satisfies readonly (keyof typeof contract)[]

/** Channels the shell's sync runner answers (src-main/sync/runner.ts). */
export const SYNC_SHELL_CHANNELS = ['sync.status'] as const satisfies readonly (keyof typeof contract)[]

export type Contract = typeof contract
export type Channel = keyof Contract
export type ChannelInput<C extends Channel> = z.input<Contract[C]['input']>
export type ChannelOutput<C extends Channel> = Exclude<Contract[C]['output'], undefined>

export function isChannel(name: string): name is Channel {
  return Object.prototype.hasOwnProperty.call(contract, name)
}
