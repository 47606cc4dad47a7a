// The law on live listings (issue 28, decision 0047): once a day every live listing is run through the rules in
// force in its nation that day (src/domain/advert-rules.ts). A listing that breaks one (a rule that started after
// it was approved) stays live for LAW_GRACE_DAYS: its landlord and the admins are told what to change and the date
// it pauses; unchanged by then, it pauses. A listing that meets the law again (an approved edit) is cleared.
import {
  EPC_EXEMPTION_KINDS,
  LAW_GRACE_DAYS,
  listingFindings,
  NATIONS,
  nationOfOutcode,
  oneOf,
  refusals,
  type TRuleFinding,
} from '../../../domain/advert-rules';
import { shortDay } from '../../../domain/availability';
import { BRAND_NAME } from '../../../domain/constants';
import { londonToday } from '../../../domain/dates';
import type { AppContext } from '../../context';
import { tryTransactionLock } from '../../db/locks';
import type { MailMessage } from '../../mail/mailer';
import { sendAll } from '../../mail/send-all';
import {
  findAdminEmails,
  findListingsToCheck,
  type LawCheckRow,
  pauseForLaw,
  setLawPausesAt,
} from './law-check-queries';

const DAY_MS = 24 * 60 * 60 * 1000;
/** pg_try_advisory_xact_lock key of the law check. */
export const LAW_CHECK_LOCK = 0x59_50_4c_02;

export interface LawCheckRun {
  skipped: boolean;
  checked: number;
  noticed: number;
  paused: number;
  cleared: number;
}

function refusalsOf(row: LawCheckRow, day: string): TRuleFinding[] {
  const kind = oneOf(EPC_EXEMPTION_KINDS, row.epcExemptionKind);
  return refusals(
    listingFindings(
      {
        title: row.title,
        description: row.description,
        amenities: row.amenities,
        monthlyRentPence: row.monthlyRentPence,
        depositPence: row.depositPence,
        holdingDepositPence: row.holdingDepositPence,
        epcRating: row.epcRating,
        epcExemption:
          kind && row.epcExemptionReference ? { kind, reference: row.epcExemptionReference } : null,
        landlordRegistrationNumber: row.landlordRegistrationNumber,
        occupationContract: row.occupationContract,
      },
      oneOf(NATIONS, row.nation) ?? nationOfOutcode(row.outcode),
      day,
    ),
  );
}

function noticeText(ctx: AppContext, row: LawCheckRow, found: TRuleFinding[], pausesAt: Date, now: Date) {
  return [
    `"${row.title}" no longer meets a rule now in force where the home is:`,
    '',
    ...found.map((f) => `- ${f.message} ${f.law.url}`),
    '',
    `Unless the listing is changed, it pauses on ${shortDay(londonToday(pausesAt), now)} (it leaves search until an edit meeting the law is approved).`,
    `Edit it from the landlord dashboard: ${ctx.config.publicUrl}/landlord-dashboard`,
    `What we check: ${ctx.config.publicUrl}/what-we-check`,
  ];
}

/** One run of the daily check. One instance at a time (advisory lock); mail goes after the commit. */
export async function runLawCheck(ctx: AppContext): Promise<LawCheckRun> {
  const now = ctx.now();
  const day = londonToday(now);
  const outbox: MailMessage[] = [];
  const result = await ctx.db.transaction(async (tx) => {
    if (!(await tryTransactionLock(tx, LAW_CHECK_LOCK)))
      return { skipped: true, checked: 0, noticed: 0, paused: 0, cleared: 0 };
    const rows = await findListingsToCheck(tx);
    const toNotice: Array<{ row: LawCheckRow; found: TRuleFinding[] }> = [];
    const toPause: string[] = [];
    const toClear: string[] = [];
    for (const row of rows) {
      const found = refusalsOf(row, day);
      if (found.length === 0) {
        if (row.lawPausesAt) toClear.push(row.id);
      } else if (!row.lawPausesAt) {
        toNotice.push({ row, found });
      } else if (row.lawPausesAt <= now) {
        toPause.push(row.id);
      }
    }
    const pausesAt = new Date(now.getTime() + LAW_GRACE_DAYS * DAY_MS);
    // Only writes when there is something to do: each UPDATE on properties expires the search cache.
    await setLawPausesAt(
      tx,
      toNotice.map((n) => n.row.id),
      pausesAt,
      now,
    );
    await setLawPausesAt(tx, toClear, null, now);
    await pauseForLaw(tx, toPause, now);
    if (toNotice.length > 0) {
      for (const { row, found } of toNotice) {
        outbox.push({
          to: row.landlordEmail,
          subject: `Please update "${row.title}": a rule now applies to it`,
          text: [
            `Hello ${row.landlordFirstName || 'there'},`,
            '',
            ...noticeText(ctx, row, found, pausesAt, now),
            '',
            BRAND_NAME,
          ].join('\n'),
          kind: 'listing_law',
        });
      }
      const summary = toNotice.flatMap(({ row, found }) => [
        `${ctx.config.publicUrl}/properties/${row.id}`,
        ...noticeText(ctx, row, found, pausesAt, now),
        '',
      ]);
      for (const admin of await findAdminEmails(tx)) {
        outbox.push({
          to: admin,
          subject: `${toNotice.length} live listing(s) break a rule now in force`,
          text: [
            `The daily law check found ${toNotice.length} live listing(s) that break a rule now in force. Their landlords were told; each pauses in ${LAW_GRACE_DAYS} days unless changed.`,
            '',
            ...summary,
            BRAND_NAME,
          ].join('\n'),
          kind: 'listing_law_admin',
        });
      }
    }
    return {
      skipped: false,
      checked: rows.length,
      noticed: toNotice.length,
      paused: toPause.length,
      cleared: toClear.length,
    };
  });
  await sendAll(ctx.mailer, outbox);
  return result;
}
