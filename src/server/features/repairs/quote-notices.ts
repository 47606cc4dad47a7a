// What repairs going to trades say by email (decision 0071): the invitation to each trade, a quote to the landlord,
// the acceptance to the chosen trade, the tenants and the trades not chosen. Built from the rows a step wrote and
// sent after its commit. No email carries the tenant's name, phone or access notes, nor the street address.
import { formatPence } from '../../../domain/money';
import {
  REPAIR_CATEGORY_LABELS,
  REPAIR_URGENCY_LABELS,
  type TRepairCategory,
  type TRepairUrgency,
} from '../../../domain/repairs';
import type { AppContext } from '../../context';
import { repairMail, wordingOf } from './notices';
import type { RepairRow } from './queries';

interface Addressee {
  email: string;
  /** How the email greets them: a first name or a business name. */
  greeting: string;
}

const mail = repairMail;

const what = (repair: RepairRow) =>
  `${REPAIR_URGENCY_LABELS[repair.urgency as TRepairUrgency]} · ${REPAIR_CATEGORY_LABELS[repair.category as TRepairCategory]}`;

/** To a trade: asked to quote. The district only; the address comes with an accepted quote. */
export function invitedEmail(
  ctx: AppContext,
  repair: RepairRow,
  to: Addressee,
  area: string,
  landlord: string,
) {
  return mail(
    ctx,
    to,
    `Quote request for a repair: ${repair.title}`,
    [
      `${landlord} asks you to quote for a repair in ${area}: "${repair.title}" (${what(repair)}).`,
      `Target: ${wordingOf(repair)}.`,
      '',
      repair.description,
      '',
      'See the photos and send your quote (amount, earliest visit, a note) on the repair page.',
      'The full address and how to get in follow once your quote is accepted and a visit agreed.',
    ],
    repair.id,
    'lead',
  );
}

/** To the landlord: a trade quoted. */
export function quotedEmail(
  ctx: AppContext,
  repair: RepairRow,
  to: Addressee,
  trade: string,
  quote: { amountPence: number; earliestVisit: string },
) {
  return mail(
    ctx,
    to,
    `Quote received: ${repair.title}`,
    [
      `${trade} quoted ${formatPence(quote.amountPence)} for "${repair.title}", earliest visit ${quote.earliestVisit}.`,
      'Compare the quotes and accept one on the repair page.',
    ],
    repair.id,
    'repair',
  );
}

/** To the chosen trade. */
export function acceptedEmail(ctx: AppContext, repair: RepairRow, to: Addressee, landlord: string) {
  return mail(
    ctx,
    to,
    `Your quote was accepted: ${repair.title}`,
    [
      `${landlord} accepted your quote for "${repair.title}".`,
      'The address is on the repair page now; propose visit times there, and the tenant picks one.',
    ],
    repair.id,
    'lead',
  );
}

/** To each tenant: a trade is chosen (no amount: that is between the landlord and the trade). */
export function tradeChosenEmail(ctx: AppContext, repair: RepairRow, to: Addressee, trade: string) {
  return mail(
    ctx,
    to,
    `A trade is chosen for your repair: ${repair.title}`,
    [
      `Your landlord chose ${trade} for "${repair.title}".`,
      'They will propose times to visit on the repair page, where you pick one.',
    ],
    repair.id,
    'repair',
  );
}

/** To each trade asked but not chosen. */
export function notChosenEmail(ctx: AppContext, repair: RepairRow, to: Addressee) {
  return mail(
    ctx,
    to,
    `Not chosen this time: ${repair.title}`,
    [
      `The landlord chose another trade for "${repair.title}". Thank you for your time.`,
      'The lead is marked lost on your leads page.',
    ],
    repair.id,
    'lead',
  );
}
