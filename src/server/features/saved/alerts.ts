// Saved-search email alerts (doc 1 §9: instant at most once an hour, daily digest, weekly summary).
// All state is in the database (saved_searches.lastAlertAt/lastCheckedAt, alert_deliveries), so a restart resumes
// where the last run stopped, and any number of app instances may call this: one run at a time does the work.
import { AppError } from '../../../domain/errors';
import { ALERT_LISTINGS_PER_EMAIL, ALERT_PERIOD_MS } from '../../../domain/listings';
import { isPremium } from '../../../domain/premium';
import type { AppContext } from '../../context';
import { tryTransactionLock } from '../../db/locks';
import type { MailMessage } from '../../mail/mailer';
import { alertEmail } from './alert-email';
import { readCriteria, type SearchCriteria } from './criteria';
import {
  type AlertingSearch,
  criteriaConditions,
  findAlertingSearches,
  findAlertListings,
  recordNewMatches,
  type SavedSearchRow,
  updateSavedSearch,
} from './queries';

/** pg_try_advisory_xact_lock key of this job; any constant no other job uses. */
export const SAVED_SEARCH_ALERTS_LOCK = 0x59_50_41_01;

/**
 * Listings published a little before the last check are looked at again: one approved in a transaction that
 * committed after that check started would otherwise be missed. alert_deliveries stops any second send.
 */
const RECHECK_OVERLAP_MS = 10 * 60 * 1000;

export interface AlertRunResult {
  /** Another instance held the lock: this run did nothing. */
  skipped: boolean;
  searchesChecked: number;
  emailsSent: number;
  emailsFailed: number;
  listingsAlerted: number;
}

/** Never alerted → due; otherwise once the frequency's period has passed since the last alert. */
export function isAlertDue(
  search: Pick<SavedSearchRow, 'alertFrequency' | 'lastAlertAt'>,
  now: Date,
): boolean {
  if (!search.lastAlertAt) return true;
  return now.getTime() - search.lastAlertAt.getTime() >= ALERT_PERIOD_MS[search.alertFrequency];
}

function wantsAlert({ search, user, propertyAlerts }: AlertingSearch, now: Date): boolean {
  return propertyAlerts && isPremium(user, now) && isAlertDue(search, now);
}

function publishedAfter(search: SavedSearchRow): Date {
  const checked = search.lastCheckedAt ? search.lastCheckedAt.getTime() - RECHECK_OVERLAP_MS : 0;
  return new Date(Math.max(search.createdAt.getTime(), checked));
}

export async function runSavedSearchAlerts(ctx: AppContext): Promise<AlertRunResult> {
  const now = ctx.now();
  // Deliveries and lastAlertAt are committed before any email goes out: a crash after the commit loses at most
  // those emails (each listing is alerted at most once), and can never send one twice.
  const planned = await ctx.db.transaction(async (tx) => {
    if (!(await tryTransactionLock(tx, SAVED_SEARCH_ALERTS_LOCK))) return null;
    const messages: MailMessage[] = [];
    let searchesChecked = 0;
    let listingsAlerted = 0;
    for (const candidate of await findAlertingSearches(tx)) {
      if (!wantsAlert(candidate, now)) continue;
      const { search, user } = candidate;
      searchesChecked += 1;
      try {
        // A savepoint per search: one search that cannot be run does not stop the others.
        const alert = await tx.transaction(async (sp) => {
          const matches = criteriaConditions(
            readCriteria((search.searchCriteria ?? {}) as SearchCriteria),
            now,
          );
          const ids = await recordNewMatches(sp, {
            userId: user.id,
            savedSearchId: search.id,
            matches,
            publishedAfter: publishedAfter(search),
            now,
          });
          await updateSavedSearch(
            sp,
            search.id,
            ids.length > 0 ? { lastAlertAt: now, lastCheckedAt: now } : { lastCheckedAt: now },
          );
          if (ids.length === 0) return null;
          const listings = await findAlertListings(sp, ids, ALERT_LISTINGS_PER_EMAIL);
          const message = alertEmail({
            to: user.email,
            firstName: user.firstName,
            search,
            listings,
            total: ids.length,
            publicUrl: ctx.config.publicUrl,
          });
          return { message, count: ids.length };
        });
        if (alert) {
          messages.push(alert.message);
          listingsAlerted += alert.count;
        }
      } catch (err) {
        // Criteria saved before today's rules (an unknown type, say) cannot be run: that search is skipped, the
        // others still get their alerts.
        if (err instanceof AppError)
          ctx.log.warn(
            { savedSearchId: search.id, reason: err.message },
            'saved search cannot be run; skipped',
          );
        else
          ctx.log.error({ err, savedSearchId: search.id }, 'saved-search alert failed; will retry next run');
      }
    }
    return { messages, searchesChecked, listingsAlerted };
  });

  if (!planned)
    return { skipped: true, searchesChecked: 0, emailsSent: 0, emailsFailed: 0, listingsAlerted: 0 };
  let emailsSent = 0;
  let emailsFailed = 0;
  for (const message of planned.messages) {
    // A failed send is kept in the outbox as failed (the mailer logs it); the listings are not offered again.
    const { status } = await ctx.mailer.send(message);
    if (status === 'sent') emailsSent += 1;
    else emailsFailed += 1;
  }
  return {
    skipped: false,
    searchesChecked: planned.searchesChecked,
    emailsSent,
    emailsFailed,
    listingsAlerted: planned.listingsAlerted,
  };
}
