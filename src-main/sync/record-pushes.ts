import { IDEMPOTENCY_HEADER, SEQ_HEADER } from '../../src-shared/contract/sync-dto'
import { isRecordPush, type PushBatchDto } from '../../src-shared/contract/sync-replica-dto'
import type { ServerTransport } from '../server-account/transport'

export { isRecordPush }

/** Settings and rates travel in the outbox as JSON text and to the server as objects. */
const JSON_FIELDS = new Set(['currency_conversions', 'settings'])

function restBody(fields: PushBatchDto['fields']): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(fields).map(([key, value]) => [
      key,
      JSON_FIELDS.has(key) && typeof value === 'string' ? (JSON.parse(value) as unknown) : value,
    ]),
  )
}

const done = () => new Response(null, { status: 204 })
/** Done, and changed nothing on the server: what the feed brought meanwhile is the server's. */
const doneAsItWas = () => new Response(null, { status: 204, headers: { [SEQ_HEADER]: '0' } })

/** The server's id of the user with this e-mail (replicas number users their own way); null: none. */
async function serverUserId(transport: ServerTransport, email: string): Promise<number | Response | null> {
  const listed = await transport.authorized('GET', 'api/users/')
  if (!listed.ok) return listed
  const users = (await listed.json()) as { id: number; email: string }[]
  return users.find((u) => u.email.toLowerCase() === email.toLowerCase())?.id ?? null
}

/** Record edits the server takes by id, each under its idempotency key (a replay applies nothing). */
const KEYED_PUTS: Partial<Record<PushBatchDto['kind'], string>> = {
  pay_cycle: 'api/paycycle/config',
  employee: 'api/employees',
  pay_range: 'api/payranges',
}

/**
 * One record change to the server's REST calls. A user made already (a replay whose answer was
 * lost) and a removal of one already gone count as done.
 */
export async function sendRecord(transport: ServerTransport, batch: PushBatchDto): Promise<Response> {
  if (batch.kind === 'org_chart')
    return transport.authorized('PUT', 'api/org-chart/', JSON.parse(String(batch.fields.org_chart)), {
      [IDEMPOTENCY_HEADER]: batch.pushKey,
    })
  if (batch.kind === 'matrix')
    return transport.authorized('POST', 'api/calculate-matrix/', batch.fields, {
      [IDEMPOTENCY_HEADER]: batch.pushKey,
    })
  // A configuration made here keeps this replica's id on the server (refused when it is taken).
  if (batch.kind === 'pay_cycle.create')
    return transport.authorized(
      'POST',
      'api/paycycle/config/',
      { ...restBody(batch.fields), id: batch.entityId },
      { [IDEMPOTENCY_HEADER]: batch.pushKey },
    )
  if (batch.kind === 'pay_cycle.deleted') {
    const response = await transport.authorized(
      'DELETE',
      `api/paycycle/config/${batch.entityId}/`,
      undefined,
      {
        [IDEMPOTENCY_HEADER]: batch.pushKey,
      },
    )
    // Removed there already (by another desktop): done.
    return response.status === 404 ? done() : response
  }
  const put = KEYED_PUTS[batch.kind]
  if (put)
    return transport.authorized('PUT', `${put}/${batch.entityId}/`, restBody(batch.fields), {
      [IDEMPOTENCY_HEADER]: batch.pushKey,
    })
  // Under its key too: a replay after another admin's later change of that user applies nothing.
  const keyed = { [IDEMPOTENCY_HEADER]: batch.pushKey }
  const email = String(batch.fields.email)
  if (batch.kind === 'user') {
    // Made there already by another admin: theirs is the server's user.
    const response = await transport.authorized('POST', 'api/users/', batch.fields, keyed)
    return response.status === 409 ? doneAsItWas() : response
  }
  const id = await serverUserId(transport, email)
  if (id instanceof Response) return id
  if (batch.kind === 'user.deleted')
    return id === null ? done() : transport.authorized('DELETE', `api/users/${id}/`, undefined, keyed)
  if (id === null)
    return Response.json({ detail: `No user has the e-mail ${email} on the server.` }, { status: 404 })
  return transport.authorized('PUT', `api/users/${id}/`, { role: batch.fields.role }, keyed)
}
