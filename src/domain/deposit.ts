// Tenant Fees Act 2019 (England), s.1 and Sch.1 para 2: a tenancy deposit may not exceed five weeks' rent,
// or six weeks' rent where the annual rent is £50,000 or more. Weekly rent = monthly × 12 / 52.
// The spec's "1.5 × monthly rent" (≈ 6.5 weeks) would be a prohibited payment; see docs/decisions/0006.

const ANNUAL_RENT_THRESHOLD_PENCE = 50_000 * 100;

export function weeklyRentPence(monthlyRentPence: number): number {
  return (monthlyRentPence * 12) / 52;
}

/** How many weeks' rent the deposit cap is: five, or six from £50,000 a year. */
export function maxDepositWeeks(monthlyRentPence: number): 5 | 6 {
  return monthlyRentPence * 12 >= ANNUAL_RENT_THRESHOLD_PENCE ? 6 : 5;
}

export function maxDepositPence(monthlyRentPence: number): number {
  return Math.floor(weeklyRentPence(monthlyRentPence) * maxDepositWeeks(monthlyRentPence));
}

/**
 * Tenant Fees Act 2019, Sch.1 para 3: a holding deposit (paid to reserve a home while references are checked)
 * may not exceed one week's rent.
 */
export function maxHoldingDepositPence(monthlyRentPence: number): number {
  return Math.floor(weeklyRentPence(monthlyRentPence));
}
