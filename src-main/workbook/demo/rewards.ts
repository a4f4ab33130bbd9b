import { NEXT_GRADE, RATINGS } from './catalog'
import { toDayNumber } from './dates'
import type { DemoEmployee } from './model'
import { positionInRange, raisePay, localAmount } from './pay'
import { ratingLabel, type CycleDates } from './pay-cycle'
import type { People } from './people'
import { WeightedPicker, type Random } from './random'

const ratingPicker = new WeightedPicker(RATINGS)

/** Merit guideline by rating (percent), before the position-in-range adjustment. */
const GUIDELINE: Record<number, number> = { 1: 0, 2: 1.5, 3: 3, 4: 4.5, 5: 6 }

const COMMENTS = [
  'Strong year; carried the on-call rotation.',
  'Retention risk, competing offer expected',
  'Took over the "Atlas" migration, delivered early.',
  'Below the range minimum; catching up over two cycles.',
  'Calibrated with HR, see notes from the Q4 review.',
  'Great feedback from customers, "above and beyond".',
]

function round2(value: number): number {
  return Math.round(value * 100) / 100
}

/**
 * Ratings, eligibility and recommendations for everyone, and planned changes for a few: most
 * rewards stay empty, as at the start of a cycle. Returns the employees with planned changes.
 */
export function assignRewards(
  people: People,
  dates: CycleDates,
  referenceDate: string,
  random: Random,
): DemoEmployee[] {
  const { employees, catalog, grades, families } = people
  const cutoff = toDayNumber(dates.newHireCutoff)
  const [windowStart, windowEnd] = dates.partialHireWindow.map(toDayNumber)
  const recentIncrease = toDayNumber(dates.recentIncreaseCutoff)
  const updatedAt = `${referenceDate}T15:30:00.000Z`
  const planned: DemoEmployee[] = []

  for (let i = 0; i < employees.length; i++) {
    const e = employees[i]
    const reward = e.reward
    const hireDay = toDayNumber(e.hireDate)
    const profile = catalog.jobProfiles[e.jobProfileId - 1]
    const range = catalog.rangeOf(profile)
    // Everyone carries a rating (the import defaults a missing one to 1, which would misstate new hires).
    const rating = ratingPicker.pick(random)
    reward.performanceRating = rating
    reward.performanceRatingLabel = ratingLabel(rating)
    reward.performancePlan = (rating === 1 && random.chance(0.5)) || (rating === 2 && random.chance(0.05))
    const recentlyRaised =
      e.previousIncreaseDate !== null && toDayNumber(e.previousIncreaseDate) >= recentIncrease
    reward.eligibleForIncrease = !reward.performancePlan && hireDay < cutoff && !recentlyRaised
    const scale = range.salaried ? e.fte : 1
    reward.deltaFromMidPoint = e.currentSalary - Math.round(range.midPay * scale)
    if (!reward.eligibleForIncrease) continue

    const pir = positionInRange(e.currentSalary, range, e.fte)
    let percent = GUIDELINE[rating] + (pir < 0.25 ? 1 : pir > 0.75 ? -1 : 0)
    if (hireDay >= windowStart && hireDay <= windowEnd) percent /= 2
    percent = Math.max(0, round2(percent))
    reward.recommendedIncreasePer = percent
    reward.recommendedIncrease = Math.round((e.currentSalary * percent) / 100)

    let changed = false
    const grade = grades[i]
    const next = NEXT_GRADE[grade]
    const promoted = next ? catalog.heldJobProfile(families[i], next, e.payCurrency) : undefined
    if (promoted && e.managedTeamId === null && rating >= 4 && random.chance(0.03)) {
      const newRange = catalog.rangeOf(promoted)
      const atLeast = Math.round(newRange.minPay * (newRange.salaried ? e.fte : 1))
      reward.promotion = true
      reward.newJobProfileId = promoted.id
      reward.newSalary = Math.max(raisePay(e.currentSalary, random.between(8, 12), range), atLeast)
      reward.comments = `Promotion to ${promoted.jobProfile}, effective with the cycle`
      changed = true
    } else if (random.chance(0.04)) {
      const actual = Math.max(0, round2(percent + random.between(-1.5, 1.5)))
      reward.newSalary = raisePay(e.currentSalary, actual, range)
      if (random.chance(0.4)) reward.comments = random.pick(COMMENTS)
      changed = true
    }
    if (random.chance(0.01)) {
      reward.lumpSum = localAmount(random.int(4, 20) * 250, e.payCurrency)
      reward.comments = reward.comments ?? 'Spot award for the "Atlas" launch, Q3'
      changed = true
    }
    if (e.salaried && e.currentPercentBonus > 0 && random.chance(0.008)) {
      reward.newPercentBonus = e.currentPercentBonus + 2
      changed = true
    } else if (e.currentDollarBonus > 0 && random.chance(0.008)) {
      reward.newDollarBonus = e.currentDollarBonus + localAmount(2_000, e.payCurrency)
      changed = true
    }
    if (changed) {
      reward.updatedAt = updatedAt
      planned.push(e)
    }
  }
  return planned
}
