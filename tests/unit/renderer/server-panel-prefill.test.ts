import { describe, expect, it } from 'vitest'
import { prefilled } from '../../../src-renderer/features/welcome/prefill'

describe("the sign-in form's fields from the last sign-in", () => {
  it('fills an empty field with the last value, and none when there was none', () => {
    expect(prefilled('', 'https://pay.example.com')).toBe('https://pay.example.com')
    expect(prefilled('', null)).toBe('')
  })

  it('keeps what the user typed before the status answered', () => {
    expect(prefilled('https://typed.example.com', 'https://pay.example.com')).toBe(
      'https://typed.example.com',
    )
  })
})
