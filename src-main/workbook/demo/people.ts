import type { CurrencyCode } from '../../../src-shared/domain/currencies'
import {
  GENDERS,
  GRADES,
  HEADQUARTERS,
  HOURLY_GRADES,
  IC_GRADES,
  MANAGER_GRADES,
  MERIT_REASON,
  OFF_CYCLE_REASONS,
  OFFICES,
  RACES,
  type GradeCode,
  type Office,
} from './catalog'
import { fromDayNumber, toDayNumber } from './dates'
import { DEPARTMENTS, EXECUTIVE_DEPARTMENT, type Department, type JobFamily } from './departments'
import type { DemoEmployee, DemoReward, DemoTeam } from './model'
import { emailLocalPart, fullName, type NameSource } from './names'
import type { OrgShape } from './org'
import { annualUsdCents, drawPay, PayCatalog } from './pay'
import type { CycleDates } from './pay-cycle'
import { WeightedPicker, type Random } from './random'

export interface People {
  employees: DemoEmployee[]
  teams: DemoTeam[]
  catalog: PayCatalog
  /** Per employee (by index): grade, job family and department, for the reward planner. */
  grades: GradeCode[]
  families: JobFamily[]
  departments: Department[]
  /** Per employee: annual pay in US cents (floats). */
  usdPay: Float64Array
  currencies: Set<CurrencyCode>
}

export function emptyReward(): DemoReward {
  return {
    newSalary: null,
    newDollarBonus: null,
    newPercentBonus: null,
    newJobProfileId: null,
    recommendedIncrease: null,
    recommendedIncreasePer: null,
    performanceRating: null,
    performanceRatingLabel: null,
    performancePlan: false,
    lumpSum: null,
    promotion: false,
    comments: null,
    eligibleForIncrease: true,
    previousIncrease: null,
    deltaFromMidPoint: null,
    updatedAt: null,
  }
}

export function employeeCode(id: number): string {
  return `E${String(id).padStart(6, '0')}`
}

function managerGrade(level: number, teamDepth: number): GradeCode {
  if (level === 2) return teamDepth >= 5 ? 'M5' : 'M3'
  return MANAGER_GRADES[Math.min(Math.max(teamDepth - 1 - level, 0), 3)]
}

function managerTitle(grade: GradeCode, noun: string): string {
  switch (grade) {
    case 'M1':
      return `${noun} Manager`
    case 'M2':
      return `Senior ${noun} Manager`
    case 'M3':
      return `Director, ${noun}`
    case 'M4':
      return `Senior Director, ${noun}`
    default:
      return `Vice President, ${noun}`
  }
}

const officePicker = new WeightedPicker(OFFICES.map((o): [Office, number] => [o, o.weight]))
const headquarters = OFFICES.find((o) => o.location === HEADQUARTERS) as Office
const genderPicker = new WeightedPicker(GENDERS)
const racePicker = new WeightedPicker(RACES)
const icPicker = new WeightedPicker(IC_GRADES)
const hourlyPicker = new WeightedPicker(HOURLY_GRADES)
const offCyclePicker = new WeightedPicker(OFF_CYCLE_REASONS)

/** Role mailboxes (owner@…) that no employee address may take. */
const RESERVED_MAILBOXES = [
  'owner',
  'admin',
  'superuser',
  'planner',
  'comms',
  'manager',
  'employee',
  'commmanager',
]

interface Tenure {
  hireDate: string
  previousIncrease: string | null
  reason: string
  newHire: boolean
}

function drawTenure(
  random: Random,
  age: number,
  /** Managers have been here a while; only individual contributors (0) may be new hires. */
  minYears: number,
  dates: CycleDates,
  refDay: number,
): Tenure {
  const mayBeNew = minYears === 0
  const cutoff = toDayNumber(dates.newHireCutoff)
  const [windowStart, windowEnd] = dates.partialHireWindow.map(toDayNumber)
  const r = random.next()
  let hireDay: number
  if (mayBeNew && r < 0.04) hireDay = random.int(cutoff, refDay - 1)
  else if (mayBeNew && r < 0.07) hireDay = random.int(windowStart, windowEnd)
  else {
    const years = Math.max(minYears + 1, Math.min(25, age - 21))
    const u = random.next()
    hireDay = windowStart - 1 - Math.floor((minYears + u * u * (years - minYears)) * 365.25)
  }
  const tenure: Tenure = {
    hireDate: fromDayNumber(hireDay),
    previousIncrease: null,
    reason: '',
    newHire: false,
  }
  tenure.newHire = hireDay >= windowStart
  const lastCycle = toDayNumber(dates.lastCycle)
  if (hireDay < lastCycle - 90) {
    const p = random.next()
    if (p < 0.72) {
      tenure.previousIncrease = dates.lastCycle
      tenure.reason = MERIT_REASON
    } else if (p < 0.86) {
      const from = Math.max(hireDay + 180, refDay - 540)
      tenure.previousIncrease = fromDayNumber(random.int(Math.min(from, refDay - 1), refDay - 1))
      tenure.reason = offCyclePicker.pick(random)
    }
  }
  return tenure
}

/** Everyone in the org shape: names, jobs, pay, demographics, teams. */
export function buildPeople(
  shape: OrgShape,
  names: NameSource,
  domain: string,
  referenceDate: string,
  dates: CycleDates,
  random: Random,
): People {
  const refDay = toDayNumber(referenceDate)
  const catalog = new PayCatalog()
  const { size, parent, level, isManager, teamDepth } = shape
  const employees: DemoEmployee[] = new Array<DemoEmployee>(size)
  const teams: DemoTeam[] = []
  const grades: GradeCode[] = new Array<GradeCode>(size)
  const families: JobFamily[] = new Array<JobFamily>(size)
  const departments: Department[] = new Array<Department>(size)
  const offices: Office[] = new Array<Office>(size)
  const managedTeam = new Int32Array(size)
  const usdPay = new Float64Array(size)
  const usedEmails = new Set<string>(RESERVED_MAILBOXES)
  const currencies = new Set<CurrencyCode>()
  let divisions = 0

  for (let i = 0; i < size; i++) {
    const p = parent[i]
    const lvl = level[i]
    const manager = isManager[i] === 1
    let department: Department
    if (lvl === 0) department = EXECUTIVE_DEPARTMENT
    else if (lvl === 1)
      department = manager ? DEPARTMENTS[divisions++ % DEPARTMENTS.length] : EXECUTIVE_DEPARTMENT
    else department = departments[p]
    const executive = lvl === 0 || (lvl === 1 && manager)
    const family = executive ? EXECUTIVE_DEPARTMENT.families[0] : random.pick(department.families)
    let office: Office
    if (lvl <= 1) office = headquarters
    else if (random.chance(manager ? 0.7 : 0.88)) office = offices[p]
    else office = officePicker.pick(random)

    let grade: GradeCode
    let title: string
    const hourly = !manager && random.chance(department.hourlyShare)
    if (lvl === 0) [grade, title] = ['E2', EXECUTIVE_DEPARTMENT.headTitle]
    else if (executive) [grade, title] = ['E1', department.headTitle]
    else if (manager) {
      grade = managerGrade(lvl, teamDepth)
      title = managerTitle(grade, family.managerNoun)
    } else {
      grade = hourly ? hourlyPicker.pick(random) : icPicker.pick(random)
      const step = Number(grade.slice(1)) - 1
      const real = names.titles && (hourly ? names.titles.hourly : names.titles.salaried)
      title =
        real && real.length > 0 ? random.pick(real) : (hourly ? family.hourlyTitles : family.titles)[step]
    }
    const gradeInfo = GRADES[grade]

    const gender = genderPicker.pick(random)
    const person = names.draw(random, gender)
    const name = fullName(person)
    let email: string | null = null
    if (manager || lvl < 2 || !random.chance(0.01)) {
      const local = emailLocalPart(person)
      let candidate = local
      for (let n = 2; usedEmails.has(candidate); n++) candidate = `${local}${n}`
      usedEmails.add(candidate)
      email = `${candidate}@${domain}`
    }
    let fte = 1
    if (hourly && random.chance(0.25)) fte = random.pick([0.5, 0.6, 0.75])
    else if (!manager && !hourly && random.chance(0.03)) fte = 0.8

    const currency = office.currency
    currencies.add(currency)
    const profile = catalog.jobProfile(family, executive ? EXECUTIVE_DEPARTMENT : department, grade, currency)
    const range = catalog.rangeOf(profile)
    const age = random.int(gradeInfo.age[0], gradeInfo.age[1])
    const tenure = drawTenure(random, age, lvl <= 1 ? 3 : manager ? 1 : 0, dates, refDay)
    const pay = drawPay(range, fte, random, tenure.newHire ? -0.03 : 0)
    let dollarBonus = 0
    let percentBonus = 0
    if (gradeInfo.salaried && department.dollarBonus && !manager) {
      dollarBonus = Math.round((pay * random.between(0.1, 0.25)) / 50_000) * 50_000
    } else if (gradeInfo.salaried) percentBonus = gradeInfo.bonusPercent

    let teamId: number | null = null
    if (manager) {
      teamId = teams.length + 1
      teams.push({
        id: teamId,
        name: `${name}'s Team`,
        parentTeamId: p >= 0 ? managedTeam[p] : null,
        managerId: i + 1,
        plannerId: i + 1,
        depth: lvl + 1,
        budget: null,
        budgetCurrency: null,
      })
      managedTeam[i] = teamId
    }
    const reward = emptyReward()
    reward.previousIncrease = tenure.previousIncrease
    employees[i] = {
      id: i + 1,
      companyEmployeeId: employeeCode(i + 1),
      name,
      preferredName: person.preferred,
      email,
      jobTitle: title,
      jobProfileId: profile.id,
      fte,
      salaried: gradeInfo.salaried,
      hireDate: tenure.hireDate,
      currentSalary: pay,
      payCurrency: currency,
      currentDollarBonus: dollarBonus,
      currentPercentBonus: percentBonus,
      gender,
      race: racePicker.pick(random),
      age: random.chance(0.04) ? null : age,
      department: department.name,
      location: office.location,
      employmentStatus: random.chance(0.02) ? 'Leave of Absence' : 'Active',
      previousIncreaseDate: tenure.previousIncrease,
      reasonForLastIncrease: tenure.reason,
      teamId: p >= 0 ? managedTeam[p] : null,
      managerId: p >= 0 ? p + 1 : null,
      plannerId: p >= 0 ? p + 1 : null,
      level: lvl,
      managedTeamId: teamId,
      reward,
    }
    grades[i] = grade
    families[i] = family
    departments[i] = department
    offices[i] = office
    usdPay[i] = annualUsdCents(pay, gradeInfo.salaried, fte, currency)
  }
  return { employees, teams, catalog, grades, families, departments, usdPay, currencies }
}
