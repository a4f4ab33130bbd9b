import { z } from 'zod'
import {
  bulkMailSchema,
  generateBatchSchema,
  sendEmployeeSchema,
  statementCreateSchema,
  templateCreateSchema,
  templatePatchSchema,
} from '../../src-shared/contract/statement-mail'
import { employeeChangesSchema } from '../../src-shared/contract/channels/records'
import { employeeRowSchema } from '../../src-shared/contract/rest/employees'
import {
  roleViewSchema,
  userCreateSchema,
  userRoleSchema,
  userViewSchema,
} from '../../src-shared/contract/rest/users'
import { emailText, text } from '../../src-shared/contract/text'
import { loginSchema, passwordSchema, settingsSchema } from '../routes/auth'
import { calculateMatrixSchema } from '../routes/matrix'
import { configCreate, configPatch } from '../routes/pay-cycles'
import { rewardPutSchema } from '../planning/reward-edit'
import { teamPutSchema } from '../routes/planning'
import { batchSchema } from '../routes/reward-batch'
import { updateSendStatus } from '../routes/statements'
import { newTeamSchema } from '../routes/teams'

/** The zod schemas of a route's request body and answer, as the route itself parses and answers them. */
export interface RouteSchemas {
  body?: z.ZodType
  response?: z.ZodType
}

/** Every error answer (http/errors.ts `errorBody`). */
export const errorBodySchema = z.object({
  detail: text(),
  non_field_errors: z.tuple([text()]),
  message: text(),
})

/**
 * The routes' schemas by `METHOD path` as route-access.ts keys them. A route missing here is still
 * in the document (from the route access table) with an unspecified body.
 */
export const ROUTE_SCHEMAS: Readonly<Record<string, RouteSchemas>> = {
  'POST /api/user/login': {
    body: loginSchema,
    response: z.object({ access: text(), user_employee_id: z.number().int().nullable() }),
  },
  'POST /api/user/set_password': { body: passwordSchema },
  'POST /api/user/recover_password': { body: z.object({ email: emailText() }).strict() },
  'POST /api/user/invite': { body: z.object({ id: z.number().int().positive() }).strict() },
  'GET /api/user/profile': { response: userViewSchema },
  'GET /api/user/settings': { response: settingsSchema.required() },
  'PUT /api/user/settings': { body: settingsSchema, response: settingsSchema.required() },
  'GET /api/users/': { response: z.array(userViewSchema) },
  'POST /api/users/': { body: userCreateSchema, response: userViewSchema },
  'PUT /api/users/:id/': { body: userRoleSchema, response: userViewSchema },
  'GET /api/company/roles/': { response: z.array(roleViewSchema) },
  'PUT /api/employees/:id/': { body: z.union([employeeChangesSchema, employeeRowSchema]) },
  'PUT /api/employeerewards/:employee/': { body: rewardPutSchema },
  'PUT /api/sync/rewards/': { body: batchSchema },
  'POST /api/teams/': { body: newTeamSchema },
  'PUT /api/teams/:id/': { body: teamPutSchema },
  'POST /api/paycycle/config/': { body: configCreate },
  'PUT /api/paycycle/config/:id/': { body: configPatch },
  'POST /api/calculate-matrix/': { body: calculateMatrixSchema },
  'POST /api/employee/reward-statements/': { body: statementCreateSchema },
  'POST /api/employee/reward-statements/generate-batch/': { body: generateBatchSchema },
  'POST /api/employee/reward-statements/update-send-status/': { body: updateSendStatus },
  'POST /api/employee/reward-statements-templates/': { body: templateCreateSchema },
  'PATCH /api/employee/reward-statements-templates/:id/': { body: templatePatchSchema },
  'POST /api/employee/bulk-mail-statement/': { body: bulkMailSchema },
  'POST /api/employee/send-employee-statement/': { body: sendEmployeeSchema },
}
