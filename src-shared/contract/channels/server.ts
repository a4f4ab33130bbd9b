import { z } from 'zod'
import { emailText, text } from '../text'
import type { CompanyFileJoin, WorkbookSummary } from '../dto'
import type { CompanySnapshot } from '../company-snapshot'
import { JOIN_BYTES_MAX } from '../company-snapshot-stream'
import type { PublishResult, ServerStatus } from '../server-dto'
import { REWARD_BATCH_MAX } from '../sync-dto'
import {
  PUSH_KINDS,
  type PushBatchDto,
  type SyncApplied,
  type SyncReplicaState,
  type SyncStatus,
} from '../sync-replica-dto'
import { pushedValuesSchema, pushKeySchema, syncFeedPageSchema } from '../sync-schema'
import { admin, channel, filePath, member, none, open, shellOnly } from './shared'

/** The company server (sign-in, publish, join) and live sync of a replica. */
export const serverChannels = {
  /** The company server (answered by the shell, which holds the tokens; see SHELL_CHANNELS). */
  'server.status': channel<ServerStatus>()(none, open),
  'server.signIn': channel<ServerStatus>()(
    z
      .object({
        server: text().trim().min(1, 'The server address is required.').max(500),
        email: emailText('Email is not valid.'),
        password: text().min(1, 'The password is required.').max(1000),
      })
      .strict(),
    open,
  ),
  'server.signOut': channel<ServerStatus>()(none, open),
  'server.recoverPassword': channel<null>()(
    z.object({ server: text().trim().min(1).max(500), email: emailText('Email is not valid.') }).strict(),
    open,
  ),
  'server.setPassword': channel<null>()(
    z
      .object({
        server: text().trim().min(1).max(500),
        link: text().min(1).max(500),
        password: text().min(1).max(1000),
      })
      .strict(),
    open,
  ),
  /** Uploads the open workbook's company to the signed-in (empty) server company. */
  'server.publish': channel<PublishResult>()(none, open),
  /** Downloads the signed-in company into a new workbook at `path`, and opens it. */
  'server.join': channel<WorkbookSummary>()(z.object({ path: filePath }).strict(), open),
  /** The whole open company in the server's shape (what publish sends). */
  'company.snapshot': shellOnly(channel<CompanySnapshot>()(none, admin)),
  /**
   * Join, driven by the shell as the company downloads: a new workbook at `path` for the company,
   * then the download's text in chunks as it arrives (checked and written row by row), then its end,
   * which opens the replica; or its abort, which removes the file.
   */
  'workbook.join': shellOnly(
    channel<null>()(
      z
        .object({
          path: filePath,
          company: text().min(1).max(200),
          server: text().min(1).max(500),
          email: emailText(),
        })
        .strict(),
      open,
    ),
  ),
  'workbook.joinBytes': shellOnly(
    channel<null>()(
      z.object({ bytes: z.instanceof(Uint8Array).refine((b) => b.length <= JOIN_BYTES_MAX) }).strict(),
      open,
    ),
  ),
  'workbook.joinEnd': shellOnly(channel<WorkbookSummary>()(none, open)),
  'workbook.joinAbort': shellOnly(channel<null>()(none, open)),
  /**
   * Join from a company file the shell downloaded to `file` (docs/sync.md, "Company file"): a new
   * replica at `path`, copied from it and checked against the server's content hash; or why the file
   * was refused (the shell then joins by rows).
   */
  'workbook.joinFile': shellOnly(
    channel<CompanyFileJoin>()(
      z
        .object({
          path: filePath,
          company: text().min(1).max(200),
          server: text().min(1).max(500),
          email: emailText(),
          file: filePath,
          seq: z.number().int().min(0),
          contentHash: text().regex(/^[0-9a-f]{64}$/),
        })
        .strict(),
      open,
    ),
  ),
  /** Writes the open replica's company file to `path` for the shell to share; null while pushes wait. */
  'sync.companyFile': shellOnly(
    channel<{ seq: number } | null>()(z.object({ path: filePath }).strict(), admin),
  ),
  /**
   * Live sync of a replica, driven by the shell's sync engine (which holds the tokens): the state,
   * the pushes due, their outcome, and pages of the server's feed to apply.
   */
  'sync.state': shellOnly(channel<SyncReplicaState>()(none, member)),
  /** The status line (answered by the shell's sync runner, which knows whether the server answers). */
  'sync.status': channel<SyncStatus>()(none, open),
  'sync.claim': shellOnly(
    channel<PushBatchDto[]>()(z.object({ now: z.boolean().default(false) }).strict(), member),
  ),
  /** `seqs`: the feed position of the change each push made, where the server said (a reward push's). */
  'sync.acknowledge': shellOnly(
    channel<SyncApplied>()(
      z
        .object({
          pushKeys: z.array(pushKeySchema).min(1).max(REWARD_BATCH_MAX),
          seqs: z.record(pushKeySchema, z.number().int().min(0)).default({}),
        })
        .strict(),
      member,
    ),
  ),
  'sync.failed': shellOnly(
    channel<null>()(
      z
        .object({
          pushKey: pushKeySchema,
          message: text().max(2000),
          /** The server answered and failed on it (a 5xx): one more of its attempts. */
          counted: z.boolean().optional(),
        })
        .strict(),
      member,
    ),
  ),
  'sync.refused': shellOnly(
    channel<SyncApplied>()(
      z
        .object({
          pushKey: pushKeySchema,
          kind: z.enum(PUSH_KINDS),
          entityId: z.number().int().positive(),
          fields: pushedValuesSchema,
          previous: pushedValuesSchema,
          reason: text().max(2000),
          /** The server's HTTP status (404: the record is gone there). */
          status: z.number().int().min(100).max(599).optional(),
        })
        .strict(),
      member,
    ),
  ),
  'sync.apply': shellOnly(channel<SyncApplied>()(z.object({ page: syncFeedPageSchema }).strict(), member)),
  'sync.accessRefused': shellOnly(
    channel<null>()(z.object({ reason: text().max(2000).nullable() }).strict(), member),
  ),
} as const
