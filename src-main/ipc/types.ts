import type { z } from 'zod'
import type { Channel, ChannelOutput, Contract, SessionUser } from '../../src-shared/contract'
import type { Session } from '../services/session'
import type { Workbook } from '../workbook/open'

export interface HandlerContext {
  session: Session
  /** Set for every channel whose access is not 'open' (the dispatcher checks first). */
  workbook: Workbook
  user: SessionUser
}

export interface OpenHandlerContext {
  session: Session
}

type ContextFor<C extends Channel> = Contract[C]['access'] extends { kind: 'open' }
  ? OpenHandlerContext
  : HandlerContext

export type Handler<C extends Channel> = (
  input: z.output<Contract[C]['input']>,
  context: ContextFor<C>,
) => Promise<ChannelOutput<C>>

export type HandlerMap = { [C in Channel]?: Handler<C> }
