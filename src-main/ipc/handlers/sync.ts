import {
  accessRefused,
  applyFeed,
  claimPushes,
  pushFailed,
  pushRefused,
  PUSH_PAUSE_MS,
  replicaState,
} from '../../services/sync/replica'
import { pushesAcknowledged } from '../../services/sync/kept-rewards'
import { writeCompanyFile } from '../../services/company-file'
import type { HandlerMap } from '../types'

export const syncHandlers: HandlerMap = {
  'sync.state': async (_input, { workbook }) => replicaState(workbook),
  'sync.companyFile': async ({ path }, { workbook }) => writeCompanyFile(workbook, path),
  'sync.claim': async ({ now }, { workbook }) => claimPushes(workbook, now ? 0 : PUSH_PAUSE_MS),
  'sync.acknowledge': async ({ pushKeys, seqs }, { session, workbook }) =>
    pushesAcknowledged(session.table, workbook, pushKeys, seqs),
  'sync.failed': async ({ pushKey, message, counted }, { workbook }) =>
    pushFailed(workbook, pushKey, message, counted ?? false),
  'sync.refused': async ({ reason, status, ...batch }, { session, workbook, user }) =>
    pushRefused(session.table, workbook, batch, reason, user.id, new Date(), status),
  'sync.apply': async ({ page }, { session, workbook, user }) =>
    applyFeed(session.table, workbook, page, user.id),
  'sync.accessRefused': async ({ reason }, { workbook }) => accessRefused(workbook, reason),
}
