import type { FastifyReply } from 'fastify'
import { SEQ_HEADER } from '../../src-shared/contract/sync-dto'

/**
 * Tells a pushing replica the feed position of the change its push made (a replay's too): its
 * acknowledgement orders by it what the feed brought while the push waited. A push that changed
 * nothing (`seq` null) is answered 0: everything the feed brought meanwhile is the server's.
 */
export function answerFeedPosition(reply: FastifyReply, seq: number | null): void {
  void reply.header(SEQ_HEADER, String(seq ?? 0))
}
