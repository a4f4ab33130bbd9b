// Preloaded (`node -r`) into every writer a kill test runs: the clock stands still at KILL_CLOCK, so
// the reference run and every killed run write the same timestamps (an import batch's times, a
// history row's) and a completed run's content equals the reference's byte for byte. Test support only.
const fixed = Date.parse(process.env.KILL_CLOCK ?? '')
if (Number.isNaN(fixed)) throw new Error('KILL_CLOCK must be an ISO date.')
const RealDate = Date

class FixedDate extends RealDate {
  constructor(...args: unknown[]) {
    if (args.length === 0) super(fixed)
    else super(...(args as [string | number | Date]))
  }

  static override now(): number {
    return fixed
  }
}

globalThis.Date = FixedDate as DateConstructor
