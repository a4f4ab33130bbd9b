// The parts of autocannon 9 the server bench uses (the package ships no types).
declare module 'autocannon' {
  interface Request {
    method?: string
    path?: string
    headers?: Record<string, string>
    body?: string
  }
  export interface Client {
    setRequests(requests: Request[]): void
  }
  interface Histogram {
    average: number
    mean: number
    p50: number
    p90: number
    p99: number
    max: number
    total: number
  }
  interface Options {
    url: string
    connections?: number
    duration?: number
    amount?: number
    timeout?: number
    setupClient?: (client: Client) => void
  }
  interface Result {
    requests: Histogram
    latency: Histogram
    throughput: Histogram
    errors: number
    timeouts: number
    non2xx: number
    '2xx': number
    duration: number
  }
  function autocannon(options: Options): Promise<Result>
  export default autocannon
}
