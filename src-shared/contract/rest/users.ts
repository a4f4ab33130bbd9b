import { z } from 'zod'
import { ROLES, roleOfId, type RoleName } from '../../domain/roles'
import { emailText, text } from '../text'

/** What a role given by neither a known id nor a known name is told. */
export const ROLE_REF_MESSAGE = `Give the role by its id (1–${ROLES.length}, GET /api/company/roles/) or its name (${ROLES.join(', ')}).`

/**
 * A role as the spec's client sends it (POST users/ "takes email, role id"; PUT users/{id}/ "(id,
 * role)"): the id GET /api/company/roles/ answers, as a number or digits, or the role's name.
 */
export const roleRefSchema = z
  .union([z.enum(ROLES), z.number().int(), text().regex(/^\d+$/)], { error: ROLE_REF_MESSAGE })
  .transform((value, ctx): RoleName => {
    const role = typeof value === 'number' || /^\d+$/.test(value) ? roleOfId(Number(value)) : value
    if (role === null) {
      ctx.addIssue({ code: 'custom', message: ROLE_REF_MESSAGE })
      return z.NEVER
    }
    return role as RoleName
  })

/** POST /api/users/. */
export const userCreateSchema = z
  .object({
    email: emailText('Email is required.'),
    role: roleRefSchema,
    name: text().trim().min(1).max(300).optional(),
    employee_id: z.number().int().positive().nullable().optional(),
  })
  .strict()

/** PUT /api/users/{id}/: the spec's client sends the user's id with the role. */
export const userRoleSchema = z.object({ id: z.number().int().optional(), role: roleRefSchema }).strict()

/** A user as the server answers them (spec §3 "User"), with the names the desktop reads kept. */
export const userViewSchema = z.object({
  id: z.number().int(),
  email: text(),
  name: text(),
  /** The linked employee's preferred name; null without one. */
  preferred_name: text().nullable(),
  /** The role's name (the desktop reads it); `role_id` is its id, `role_name` its name again (spec). */
  role: z.enum(ROLES),
  role_id: z.number().int(),
  role_name: z.enum(ROLES),
  company_name: text(),
  employee_id: z.number().int().nullable(),
  invited: z.boolean(),
  invite_accepted: z.boolean(),
  invited_at: text().nullable(),
})
export type UserView = z.infer<typeof userViewSchema>

/** GET /api/company/roles/ (spec §3 "Role": id, name, name_display). */
export const roleViewSchema = z.object({ id: z.number().int(), name: z.enum(ROLES), name_display: text() })
