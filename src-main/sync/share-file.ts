import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { SyncReplicaState } from '../../src-shared/contract/sync-replica-dto'
import type { ServerAccount } from '../server-account/account'
import { unwrap } from '../services/failure'
import type { ReplicaInvoke } from './engine'

/** How often an admin replica that has moved on shares its company file again. */
export const SHARE_EVERY_MS = 15 * 60_000

/**
 * Shares the open replica's company file (docs/sync.md, "Company file"), so that the next admin who
 * joins downloads it instead of the company's rows. Nothing when the replica is not in step (pushes
 * wait, its access was refused, it was told to join again) or the server's file is already at its
 * position. Answers the position shared, or null.
 */
export async function shareCompanyFile(
  invoke: ReplicaInvoke,
  account: ServerAccount,
): Promise<number | null> {
  const state = await unwrap(invoke('sync.state', {}))
  if (!inStep(state) || (await account.companyFilePosition()) === state.lastSeq) return null
  const file = path.join(os.tmpdir(), `meritbook-company-file-${crypto.randomUUID()}.paycycle`)
  try {
    const written = await unwrap(invoke('sync.companyFile', { path: file }))
    if (!written) return null
    await account.shareCompanyFile(fs.readFileSync(file), written.seq)
    return written.seq
  } finally {
    fs.rmSync(file, { force: true })
  }
}

/** Nothing waits to be pushed, and the server neither refused the replica nor asked it to join again. */
function inStep(state: SyncReplicaState): boolean {
  return state.waiting === 0 && state.accessRefused === null && state.rejoinReason === null
}

/** Whether the runner shares now: an admin's replica, in step, moved on since it last shared, not too often. */
export function shareDue(
  state: SyncReplicaState,
  account: ServerAccount,
  last: { seq: number; at: number },
  now: number,
): boolean {
  return (
    account.usesCompanyFile() &&
    inStep(state) &&
    state.lastSeq !== last.seq &&
    now - last.at >= SHARE_EVERY_MS
  )
}
