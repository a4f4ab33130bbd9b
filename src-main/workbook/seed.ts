import { ROLE_DISPLAY_NAMES, ROLES } from '../../src-shared/domain/roles'
import { DEFAULT_PAY_CYCLE_NAME, DEFAULT_SETTINGS } from '../../src-shared/domain/settings'
import type { Workbook } from './open'

export interface Owner {
  companyName: string
  ownerName: string
  ownerEmail: string
}

/** Fills a freshly created, empty workbook: roles, the company, its owner and an active pay cycle. */
export async function seedNewWorkbook(workbook: Workbook, owner: Owner, now = new Date()): Promise<void> {
  const at = now.toISOString()
  await workbook.db.transaction().execute(async (trx) => {
    await trx
      .insertInto('role')
      .values(ROLES.map((name) => ({ name, name_display: ROLE_DISPLAY_NAMES[name] })))
      .execute()
    const ownerRole = await trx
      .selectFrom('role')
      .select('id')
      .where('name', '=', 'OWNER')
      .executeTakeFirstOrThrow()
    const user = await trx
      .insertInto('app_user')
      .values({
        email: owner.ownerEmail.toLowerCase(),
        name: owner.ownerName,
        role_id: ownerRole.id,
        invite_accepted: 1,
        created_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    await trx
      .insertInto('company')
      .values({ id: 1, name: owner.companyName, owner_user_id: user.id, created_at: at })
      .execute()
    await trx
      .insertInto('pay_cycle')
      .values({
        name: DEFAULT_PAY_CYCLE_NAME,
        active: 1,
        effective_date: at.slice(0, 10),
        settings: JSON.stringify(DEFAULT_SETTINGS),
        updated_at: at,
      })
      .execute()
  })
}
