import type { FastifyReply } from 'fastify'
import { SEQ_HEADER } from '../../src-shared/contract/sync-dto'

/**
 * Tells a pushing replica the feed position of the change its push made (a replay's too): its
 * acknowledgement orders by it what the feed brought while the push waited. Nothing when the push
 * changed nothing (`seq` null).
 */
export function answerFeedPosition(reply: FastifyReply, seq: number | null): void {
  if (seq !== null) void reply.header(SEQ_HEADER, String(seq))
}
