import crypto from 'node:crypto'
import { PassThrough, type Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { to as copyTo } from 'pg-copy-streams'
import type { FastifyInstance } from 'fastify'
import { sql } from 'kysely'
import {
  COMPANY_FILE_BYTES_MAX,
  COMPANY_FILE_TYPE,
  CONTENT_HASH_HEADER,
} from '../../src-shared/contract/company-file'
import { ContentOfRows } from '../../src-shared/contract/company-content'
import { SnapshotReader } from '../../src-shared/contract/company-snapshot-stream'
import { SEQ_HEADER } from '../../src-shared/contract/sync-dto'
import type { ServerContext } from '../context'
import { withOwnConnection, type ServerDb } from '../db/connect'
import { CopyBinaryValues } from '../db/copy-binary'
import { callerOf } from '../http/context'
import { HttpError } from '../http/errors'
import { writeSnapshot } from './snapshot'

/** The bytes of one stored piece of a company file. */
const PIECE = 1 << 20
/** A file this far behind the feed is not offered: following the feed from it would be slower than joining by rows. */
export const FEED_GAP_MAX = 50_000

export const FILE_CHANGED =
  'The company changed on the server while its file was made; the file was not kept.'
export const NO_FILE = 'This company has no company file that a desktop can join from.'

/**
 * The content hash of the company as it is now, and the feed position it is as of: the rows a
 * join downloads (every one, as an admin sees them), made into the content text of
 * `company-content.ts` and hashed. The rows pass through the server in blocks; none is held.
 */
export async function contentOfCompany(
  db: ServerDb,
  companyId: number,
): Promise<{ hash: string; seq: number }> {
  const content = new ContentOfRows(() => {
    const hash = crypto.createHash('sha256')
    return { update: (text) => void hash.update(text), digest: () => hash.digest('hex') }
  })
  const reader = new SnapshotReader(content)
  await writeSnapshot(db, companyId, null, async (text) => {
    reader.chunk(typeof text === 'string' ? Buffer.from(text) : text)
  })
  const seq = reader.end()
  return { hash: content.end(), seq }
}

async function feedPosition(db: ServerDb, companyId: number): Promise<number> {
  const row = await db
    .selectFrom('sync_change')
    .select(sql<number | null>`MAX(seq)`.as('seq'))
    .where('company_id', '=', companyId)
    .executeTakeFirst()
  return Number(row?.seq ?? 0)
}

export function companyFileRoutes(app: FastifyInstance, context: ServerContext): void {
  const { db } = context
  // The body is read as it arrives, into pieces of PIECE bytes.
  app.addContentTypeParser(COMPANY_FILE_TYPE, (_request, payload, done) => done(null, payload))

  /**
   * An admin replica's company file, as of the feed position it names. The server keeps it only when
   * that is still the company's position once it has made its own content hash (which a joining
   * desktop checks the file against); otherwise 409, and the desktop tries again later.
   */
  app.put('/api/company/file/', async (request, reply) => {
    const who = await callerOf(request, context)
    const seq = Number(request.headers[SEQ_HEADER])
    if (!Number.isSafeInteger(seq) || seq < 0)
      throw new HttpError(400, `A company file needs its feed position (${SEQ_HEADER}).`)
    if (request.headers['content-type'] !== COMPANY_FILE_TYPE)
      throw new HttpError(415, `A company file is sent as ${COMPANY_FILE_TYPE}.`)
    const uploadId = crypto.randomUUID()
    const dropUpload = () =>
      db
        .deleteFrom('company_file_piece')
        .where('company_id', '=', who.companyId)
        .where('upload_id', '=', uploadId)
        .execute()
    try {
      let size = 0
      let n = 0
      let block: Buffer[] = []
      let blockSize = 0
      const store = async () => {
        if (blockSize === 0) return
        const bytes = Buffer.concat(block, blockSize)
        block = []
        blockSize = 0
        await db
          .insertInto('company_file_piece')
          .values({ company_id: who.companyId, upload_id: uploadId, n: n++, bytes })
          .execute()
      }
      for await (const chunk of request.body as Readable) {
        const bytes = chunk as Buffer
        size += bytes.length
        if (size > COMPANY_FILE_BYTES_MAX)
          throw new HttpError(413, `A company file may hold at most ${COMPANY_FILE_BYTES_MAX} bytes.`)
        block.push(bytes)
        blockSize += bytes.length
        if (blockSize >= PIECE) await store()
      }
      await store()
      if (size === 0) throw new HttpError(400, 'The company file was empty.')
      const content = await contentOfCompany(db, who.companyId)
      if (content.seq !== seq) throw new HttpError(409, FILE_CHANGED)
      await db.transaction().execute(async (trx) => {
        await trx
          .insertInto('company_file')
          .values({
            company_id: who.companyId,
            upload_id: uploadId,
            feed_seq: seq,
            content_hash: content.hash,
            size,
            uploaded_by: who.userId,
          })
          .onConflict((oc) =>
            oc.column('company_id').doUpdateSet({
              upload_id: uploadId,
              feed_seq: seq,
              content_hash: content.hash,
              size,
              uploaded_by: who.userId,
              uploaded_at: sql`now()`,
            }),
          )
          .execute()
        await trx
          .deleteFrom('company_file_piece')
          .where('company_id', '=', who.companyId)
          .where('upload_id', '!=', uploadId)
          .execute()
      })
      return reply.code(204).send()
    } catch (error) {
      await dropUpload()
      throw error
    }
  })

  /** Where the company file stands, so that a desktop already there shares none. */
  app.get('/api/company/file/position/', async (request) => {
    const who = await callerOf(request, context)
    const file = await db
      .selectFrom('company_file')
      .select('feed_seq')
      .where('company_id', '=', who.companyId)
      .executeTakeFirst()
    return { seq: file?.feed_seq ?? null }
  })

  /**
   * The company file for a joining admin: its bytes, piece by piece, with its feed position and the
   * server's content hash. None (404) when no admin has shared one, when the company was imported
   * again after it (the feed would tell the replica to join again), or when it is far behind.
   */
  app.get('/api/company/file/', async (request, reply) => {
    const who = await callerOf(request, context)
    const file = await db
      .selectFrom('company_file')
      .selectAll()
      .where('company_id', '=', who.companyId)
      .executeTakeFirst()
    if (!file) throw new HttpError(404, NO_FILE)
    const reimported = await db
      .selectFrom('sync_change')
      .select('seq')
      .where('company_id', '=', who.companyId)
      .where('seq', '>', file.feed_seq)
      .where('kind', '=', 'import')
      .limit(1)
      .executeTakeFirst()
    if (reimported || (await feedPosition(db, who.companyId)) - file.feed_seq > FEED_GAP_MAX)
      throw new HttpError(404, NO_FILE)
    // The pieces, in order, straight from PostgreSQL's binary COPY on a connection of their own.
    const out = new PassThrough()
    const uploadId = file.upload_id
    if (!/^[0-9a-f-]{36}$/.test(uploadId) || !Number.isSafeInteger(who.companyId))
      throw new Error('A company file download needs a company and an upload.')
    withOwnConnection(db, async (client) => {
      const copy = client.query(
        copyTo(
          `COPY (SELECT bytes FROM company_file_piece WHERE company_id = ${who.companyId} ` +
            `AND upload_id = '${uploadId}' ORDER BY n) TO STDOUT (FORMAT binary)`,
        ),
      )
      await pipeline(copy, new CopyBinaryValues(), out)
    }).catch((error: unknown) => {
      request.log.error(error, 'the company file download failed')
      out.destroy(error instanceof Error ? error : new Error(String(error)))
    })
    return reply
      .type(COMPANY_FILE_TYPE)
      .header('content-length', String(file.size))
      .header(SEQ_HEADER, String(file.feed_seq))
      .header(CONTENT_HASH_HEADER, file.content_hash)
      .send(out)
  })
}
