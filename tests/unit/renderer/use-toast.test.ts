import { createElement } from 'react'
import { renderToString } from 'react-dom/server'
import { Provider } from 'react-redux'
import { describe, expect, it } from 'vitest'
import { createAppStore } from '../../../src-renderer/app/store'
import { ToastProvider, useToast } from '../../../src-renderer/components/toast'

function Probe() {
  const toast = useToast()
  return createElement('span', null, typeof toast.success)
}

describe('useToast', () => {
  it('throws when used before its provider is ready (spec §8)', () => {
    expect(() => renderToString(createElement(Probe))).toThrow(/before its provider is ready/)
  })

  it('works inside the provider', () => {
    const html = renderToString(
      createElement(Provider, {
        store: createAppStore(),
        children: createElement(ToastProvider, { children: createElement(Probe) }),
      }),
    )
    expect(html).toContain('function')
  })
})
