// The hints under the listing form's deposit fields, by the home's nation (src/domain/advert-rules.ts): the legal
// maximum for the rent typed so far, or what the law says where it sets none. The rules themselves refuse a figure
// above the cap; a blank deposit is shown as "Not stated", never filled in.
import {
  DEPOSIT_RULES,
  depositCapPence,
  HOLDING_DEPOSIT_RULES,
  holdingDepositCapPence,
  NATION_LABELS,
  type TNation,
} from '../../../domain/advert-rules';
import { formatPence } from '../../../domain/money';

/** The rent typed, in pence; null until it is a positive number. */
export function rentPenceOf(rent: unknown): number | null {
  return typeof rent === 'number' && Number.isFinite(rent) && rent > 0 ? Math.round(rent * 100) : null;
}

export function depositHints(
  {
    monthlyRent,
  }: {
    monthlyRent: unknown;
    deposit: unknown;
    holdingDeposit: unknown;
  },
  nation: TNation = 'england',
): { depositLabel: string; deposit: string; holdingDeposit: string } {
  const rule = DEPOSIT_RULES[nation];
  const rentPence = rentPenceOf(monthlyRent);
  const where = NATION_LABELS[nation];
  const cap = rentPence === null ? null : depositCapPence(rentPence, nation);
  const holdingCap = rentPence === null ? null : holdingDepositCapPence(rentPence, nation);
  return {
    depositLabel: rule.label,
    deposit:
      cap === null
        ? `Optional; blank shows as “Not stated”. In ${where}: ${rule.capText}.`
        : `Optional; blank shows as “Not stated”. Legal maximum in ${where}: ${formatPence(cap)}.`,
    holdingDeposit: !HOLDING_DEPOSIT_RULES[nation]
      ? 'Optional, to reserve the home.'
      : holdingCap === null
        ? "Optional. At most one week's rent; enter the rent to see the cap."
        : `Optional, to reserve the home. Legal maximum: ${formatPence(holdingCap)} (one week's rent).`,
  };
}
