/** Why planner choices are locked (planning document §4): the same words on the desktop and the server. */
export const CYCLE_CLOSED = 'The pay cycle is closed; choices are locked.'
export const PLAN_SUBMITTED = 'Your plan is submitted; choices are locked.'
export const NOT_YOUR_EMPLOYEE = 'This employee is not in your teams.'

/** Pay cycle switches that refuse a planner's change (our words; the spec names no message). */
export const BONUS_NOT_EDITABLE = 'Bonus amounts are not editable in this pay cycle.'
export const NO_BONUS = 'Bonuses are not part of this pay cycle.'
export const NO_LUMP_SUM = 'Lump sums are not part of this pay cycle.'
