/** Why planner choices are locked (planning document §4): the same words on the desktop and the server. */
export const CYCLE_CLOSED = 'The pay cycle is closed; choices are locked.'
export const PLAN_SUBMITTED = 'Your plan is submitted; choices are locked.'
export const NOT_YOUR_EMPLOYEE = 'This employee is not in your teams.'
