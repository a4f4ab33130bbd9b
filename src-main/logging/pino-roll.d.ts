declare module 'pino-roll' {
  import type { DestinationStream } from 'pino'
  interface PinoRollOptions {
    file: string
    size?: string | number
    frequency?: 'daily' | 'hourly' | number
    extension?: string
    mkdir?: boolean
    sync?: boolean
    limit?: { count?: number; removeOtherLogFiles?: boolean }
  }
  export default function pinoRoll(
    options: PinoRollOptions,
  ): Promise<DestinationStream & { flushSync(): void }>
}
