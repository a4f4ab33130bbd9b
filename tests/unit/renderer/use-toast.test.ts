import { createElement } from 'react'
import { renderToString } from 'react-dom/server'
import { Provider } from 'react-redux'
import { describe, expect, it } from 'vitest'
import { createAppStore } from '../../../src-renderer/app/store'
import { ToastProvider, useToast, type ToastApi } from '../../../src-renderer/components/toast'

function Probe() {
  const toast = useToast()
  return createElement('span', null, typeof toast.success)
}

describe('useToast', () => {
  it('throws when used before its provider is ready (spec §8)', () => {
    expect(() => renderToString(createElement(Probe))).toThrow(/before its provider is ready/)
  })

  it('inside the provider, a toast raised through it shows in the corner', () => {
    const store = createAppStore()
    let toast: ToastApi | null = null
    function Capture() {
      toast = useToast()
      return null
    }
    const inProvider = (child: ReturnType<typeof createElement>) =>
      createElement(Provider, { store, children: createElement(ToastProvider, { children: child }) })
    expect(renderToString(inProvider(createElement(Capture)))).not.toContain('Saved Budget for Company')
    ;(toast as ToastApi | null)?.success('Saved Budget for Company')
    const html = renderToString(inProvider(createElement(Capture)))
    expect(html).toContain('Saved Budget for Company')
    expect(html).toContain('role="status"')
  })
})
