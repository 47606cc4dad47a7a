// The hints under the listing form's deposit fields (Tenant Fees Act 2019, Sch.1 paras 2 and 3): the legal maximum
// for the rent typed so far, or a warning when the figure typed is above it. The rules themselves refuse it.
import { maxDepositPence, maxDepositWeeks, maxHoldingDepositPence } from '../../../domain/deposit';
import { formatPence } from '../../../domain/money';

/** The rent typed, in pence; null until it is a positive number. */
export function rentPenceOf(rent: unknown): number | null {
  return typeof rent === 'number' && Number.isFinite(rent) && rent > 0 ? Math.round(rent * 100) : null;
}

const above = (pounds: unknown, capPence: number) =>
  typeof pounds === 'number' && Math.round(pounds * 100) > capPence;

export function depositHints({
  monthlyRent,
  deposit,
  holdingDeposit,
}: {
  monthlyRent: unknown;
  deposit: unknown;
  holdingDeposit: unknown;
}): { deposit: string; holdingDeposit: string } {
  const rentPence = rentPenceOf(monthlyRent);
  if (rentPence === null)
    return {
      deposit:
        "Optional. Capped by law at five weeks' rent (six from £50,000 a year); enter the rent to see the cap.",
      holdingDeposit: "Optional. At most one week's rent; enter the rent to see the cap.",
    };
  const cap = maxDepositPence(rentPence);
  const holdingCap = maxHoldingDepositPence(rentPence);
  return {
    deposit: above(deposit, cap)
      ? `Above the legal maximum of ${formatPence(cap)}.`
      : `Legal maximum: ${formatPence(cap)} (${maxDepositWeeks(rentPence) === 6 ? 'six' : 'five'} weeks' rent). Leave blank to take the maximum.`,
    holdingDeposit: above(holdingDeposit, holdingCap)
      ? `Above the legal maximum of ${formatPence(holdingCap)}.`
      : `Optional, to reserve the home. Legal maximum: ${formatPence(holdingCap)} (one week's rent).`,
  };
}
