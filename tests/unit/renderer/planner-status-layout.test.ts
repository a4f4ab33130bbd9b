import { cardLayout, HYSTERESIS_PX } from '../../../src-renderer/features/planner-status/card-layout'

describe('Planner Status card widths (§9)', () => {
  it.each([
    [
      10,
      {
        compact: true,
        details: false,
        date: false,
        time: false,
        forceButton: false,
        forceLabel: false,
        textDetails: false,
      },
    ],
    [84, { compact: false, details: false, forceButton: false }],
    [85, { details: true, forceButton: false }],
    [151, { forceButton: true, forceLabel: false, date: false }],
    [201, { date: true, time: false }],
    [301, { time: true, forceLabel: false, textDetails: false }],
    [475, { forceLabel: true, textDetails: true }],
  ])('at %i px', (width, expected) => {
    expect(cardLayout(width)).toMatchObject(expected)
  })

  it('keeps what it shows until the width is clearly past a breakpoint, then follows it', () => {
    const wide = cardLayout(480)
    expect(wide.forceLabel).toBe(true)
    // Just under 475: still labelled (within the band).
    expect(cardLayout(475 - HYSTERESIS_PX + 1, wide).forceLabel).toBe(true)
    expect(cardLayout(475 - HYSTERESIS_PX, wide).forceLabel).toBe(false)
    const narrow = cardLayout(470)
    expect(cardLayout(476, narrow).forceLabel).toBe(false)
    expect(cardLayout(475 + HYSTERESIS_PX, narrow).forceLabel).toBe(true)
    // Without a previous layout there is no band.
    expect(cardLayout(476).forceLabel).toBe(true)
  })
})
