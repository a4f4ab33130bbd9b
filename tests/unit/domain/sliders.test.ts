import {
  HEAT_COLOR_HIGH,
  HEAT_COLOR_LOW,
  MAX_POSITION_IN_RANGE_DEFAULT,
  MIN_PERFORMANCE_MAX_PIR_SLIDER,
  OVER_MAX_DEFAULT,
  OVER_MAX_SLIDER,
  PRIORITY_SLIDER,
  bubbleSize,
  heatColor,
  heatFraction,
  prioritySliderMove,
  prioritySliderValue,
  snapToMiddle,
  toSliderValue,
} from '../../../src-shared/domain/sliders'
import { DEFAULT_SETTINGS } from '../../../src-shared/domain/settings'

describe('"Sliders snap to 50 between 46 and 54"', () => {
  it('46 and 54 snap to 50 (both ends included)', () => {
    expect(snapToMiddle(46)).toBe(50)
    expect(snapToMiddle(54)).toBe(50)
    expect(snapToMiddle(50)).toBe(50)
    expect(snapToMiddle(48.5)).toBe(50)
  })

  it('45 and 55 are unchanged', () => {
    expect(snapToMiddle(45)).toBe(45)
    expect(snapToMiddle(55)).toBe(55)
    expect(snapToMiddle(45.99)).toBe(45.99)
  })

  it('priority sliders run 0 to 100 and snap', () => {
    expect(PRIORITY_SLIDER).toEqual({ min: 0, max: 100, step: 1 })
    expect(prioritySliderValue(-3)).toBe(0)
    expect(prioritySliderValue(130)).toBe(100)
    expect(prioritySliderValue(53.6)).toBe(50)
    expect(prioritySliderValue(45.4)).toBe(45)
    expect(prioritySliderValue(55)).toBe(55)
  })
})

describe('"Over-max slider 1.0 to 5.0, step 0.05"', () => {
  it('clamps and steps by 0.05 without float noise', () => {
    expect(OVER_MAX_SLIDER).toEqual({ min: 1, max: 5, step: 0.05 })
    expect(toSliderValue(1.15, OVER_MAX_SLIDER)).toBe(1.15)
    expect(toSliderValue(1.17, OVER_MAX_SLIDER)).toBe(1.15)
    expect(toSliderValue(1.18, OVER_MAX_SLIDER)).toBe(1.2)
    expect(toSliderValue(0.5, OVER_MAX_SLIDER)).toBe(1)
    expect(toSliderValue(7, OVER_MAX_SLIDER)).toBe(5)
    expect(toSliderValue(Number.NaN, OVER_MAX_SLIDER)).toBe(1)
  })

  it('minPerformanceMaxPIR runs 0 to 1 in steps of 0.05', () => {
    expect(toSliderValue(0.52, MIN_PERFORMANCE_MAX_PIR_SLIDER)).toBe(0.5)
  })
})

describe('"Heat colours run between #BD0136 and #0AB00A"', () => {
  it('runs from #BD0136 at 0 to #0AB00A at 1', () => {
    expect(HEAT_COLOR_LOW).toBe('#BD0136')
    expect(HEAT_COLOR_HIGH).toBe('#0AB00A')
    expect(heatColor(0)).toBe('#BD0136')
    expect(heatColor(1)).toBe('#0AB00A')
    expect(heatColor(0.5)).toBe('#645920')
    expect(heatColor(-1)).toBe('#BD0136')
    expect(heatColor(2)).toBe('#0AB00A')
    expect(heatColor(Number.NaN)).toBe('#BD0136')
  })

  it('places a value between min and max', () => {
    expect(heatFraction(5, 0, 10)).toBe(0.5)
    expect(heatFraction(5, 5, 5)).toBe(0)
    expect(heatFraction(20, 0, 10)).toBe(1)
    expect(heatFraction(15, 10, 20)).toBe(0.5)
    expect(heatFraction(12, 10, 20)).toBe(0.2)
  })
})

describe('"bubble size is proportional to the square root of count over the maximum count"', () => {
  it('scales by √(count ÷ maxCount)', () => {
    expect(bubbleSize(25, 100)).toBe(0.5)
    expect(bubbleSize(100, 100, 40)).toBe(40)
    expect(bubbleSize(0, 100)).toBe(0)
    expect(bubbleSize(5, 0)).toBe(0)
    expect(bubbleSize(-4, 100)).toBe(0) // no bubble, not NaN
  })
})

describe("the spec's max position in range default 0.5 (docs/decisions.md)", () => {
  it('is the cap for minimum performers, inside its slider, and the pay cycle default', () => {
    expect(MAX_POSITION_IN_RANGE_DEFAULT).toBe(0.5)
    expect(DEFAULT_SETTINGS.minPerformanceMaxPIR).toBe(MAX_POSITION_IN_RANGE_DEFAULT)
    expect(toSliderValue(MAX_POSITION_IN_RANGE_DEFAULT, MIN_PERFORMANCE_MAX_PIR_SLIDER)).toBe(0.5)
  })

  it('the over-max slider starts at its lowest value, 1.0, which 0.5 is below', () => {
    expect(OVER_MAX_DEFAULT).toBe(OVER_MAX_SLIDER.min)
    expect(OVER_MAX_DEFAULT).toBe(1)
    expect(toSliderValue(MAX_POSITION_IN_RANGE_DEFAULT, OVER_MAX_SLIDER)).toBe(1)
  })
})

describe('priority sliders snap on drag only (issue 39)', () => {
  it('a drag from 46 to 54 snaps to 50', () => {
    for (const value of [46, 47, 50, 53, 54]) expect(prioritySliderMove(value, 'drag')).toBe(50)
    expect(prioritySliderMove(45, 'drag')).toBe(45)
    expect(prioritySliderMove(55, 'drag')).toBe(55)
  })

  it('arrow keys move by one and pass through 50', () => {
    let value = 44
    const seen: number[] = []
    for (let press = 0; press < 12; press += 1) {
      value = prioritySliderMove(value + 1, 'keys')
      seen.push(value)
    }
    expect(seen).toEqual([45, 46, 47, 48, 49, 50, 51, 52, 53, 54, 55, 56])
    expect(prioritySliderMove(101, 'keys')).toBe(100)
  })
})
