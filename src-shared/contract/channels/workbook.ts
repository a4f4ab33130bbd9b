import { z } from 'zod'
import { emailText, text } from '../text'
import type {
  AppInfo,
  DiagnosticsDto,
  CompanyDto,
  EmployeeDto,
  JobProfileDto,
  PayCycleDto,
  PayRangeDto,
  PlannerSubmissionDto,
  RecentFile,
  RewardDto,
  RoleDto,
  TeamDto,
  WorkbookCopy,
  UserDto,
  UserSettingsDto,
  WorkbookSummary,
} from '../dto'
import { CURRENCY_CODES } from '../../domain/currencies'
import { FILE_HANDLE_PATTERN, FILE_PURPOSES, type FolderListing, type PickedFile } from '../file-handles'
import { admin, channel, filePath, member, none, open, planningPages } from './shared'

/** The app and its workbooks (the welcome screen), and the initial data load. */
export const workbookChannels = {
  'app.info': channel<AppInfo>()(none, open),
  /** Help → Copy diagnostics: versions, OS and the last 200 lines of the newest log (ids and codes only). */
  'app.diagnostics': channel<DiagnosticsDto>()(none, open),
  'workbook.recent': channel<RecentFile[]>()(none, open),
  'workbook.create': channel<WorkbookSummary>()(
    z
      .object({
        path: filePath,
        companyName: text().trim().min(1, 'Company name is required.').max(200),
        ownerName: text().trim().min(1, 'Your name is required.').max(200),
        ownerEmail: emailText('Email is not valid.'),
      })
      .strict(),
    open,
  ),
  'workbook.open': channel<WorkbookSummary>()(z.object({ path: filePath }).strict(), open),
  'workbook.openDemo': channel<WorkbookSummary>()(none, open),
  /**
   * A file chosen for a purpose, as a handle (null when cancelled), answered by the shell: Electron's
   * native dialog (`name` suggested), browser mode's files folder (`name` is the file's or folder's
   * name there; opening and importing there go through recent files and uploads instead).
   */
  'workbook.pickFile': channel<PickedFile | null>()(
    z
      .object({
        purpose: z.enum(FILE_PURPOSES),
        name: text().trim().min(1).max(255).optional(),
        /** Browser mode: a folder chosen with `workbook.browse`, instead of Meritbook's files folder. */
        folder: text().regex(FILE_HANDLE_PATTERN, 'folder must be a folder chosen in Meritbook.').optional(),
      })
      .strict(),
    open,
  ),
  /**
   * Browser mode's Open… and New…: a folder of this computer (the home folder first), listed by the
   * shell with a handle for each subfolder and workbook; the page never names a path.
   */
  'workbook.browse': channel<FolderListing>()(
    z
      .object({
        folder: text().regex(FILE_HANDLE_PATTERN, 'folder must be a folder chosen in Meritbook.').optional(),
      })
      .strict(),
    open,
  ),
  'workbook.close': channel<null>()(none, open),
  /**
   * Save a copy: the open workbook as committed, written whole to `path` (VACUUM INTO a temporary file
   * beside it, fsync, rename). `replace` when the save dialog asked; `open` to work on in the copy after.
   */
  'workbook.saveCopy': channel<WorkbookCopy>()(
    z.object({ path: filePath, replace: z.boolean().optional(), open: z.boolean().optional() }).strict(),
    member,
  ),
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
  'userSettings.update': channel<UserSettingsDto>()(
    z
      .object({
        preferredCurrency: z.enum(CURRENCY_CODES).optional(),
        compensationTableConfig: z.array(text().max(100)).max(100).nullable().optional(),
      })
      .strict(),
    member,
  ),
} as const
