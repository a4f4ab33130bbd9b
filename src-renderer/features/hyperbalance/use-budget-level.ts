import { useCallback, useEffect, useRef, useState } from 'react'
import type { Channel, ChannelInput, ChannelOutput } from '../../../src-shared/contract'
import { invoke } from '../../app/client'

export type Loaded<T> =
  | { state: 'loading'; value: T | null }
  | { state: 'loaded'; value: T }
  | { state: 'failed'; value: T | null; message: string }

/**
 * Reads one channel for the current input; the latest request wins (a slow answer for a level the
 * user already left is dropped). `reload` asks again for the same input.
 */
export function useChannel<C extends Channel>(
  channel: C,
  input: ChannelInput<C>,
): Loaded<ChannelOutput<C>> & { reload: () => void } {
  const key = JSON.stringify(input)
  const [loaded, setLoaded] = useState<Loaded<ChannelOutput<C>>>({ state: 'loading', value: null })
  const [version, setVersion] = useState(0)
  const latest = useRef(0)
  useEffect(() => {
    const request = ++latest.current
    setLoaded((previous) => ({ state: 'loading', value: previous.value }))
    void invoke(channel, JSON.parse(key) as ChannelInput<C>).then((result) => {
      if (request !== latest.current) return
      setLoaded((previous) =>
        result.ok
          ? { state: 'loaded', value: result.value }
          : { state: 'failed', value: previous.value, message: result.error.message },
      )
    })
  }, [channel, key, version])
  const reload = useCallback(() => setVersion((v) => v + 1), [])
  return { ...loaded, reload }
}
