export interface Timed<T> {
  value: T
  ms: number
}

export async function timed<T>(work: () => Promise<T> | T): Promise<Timed<T>> {
  const started = performance.now()
  const value = await work()
  return { value, ms: performance.now() - started }
}

/** Peak resident memory of this process so far, in MiB. */
export function peakRssMiB(): number {
  return process.resourceUsage().maxRSS / 1024
}

export function row(label: string, value: string): void {
  console.log(`${label.padEnd(44)} ${value}`)
}
