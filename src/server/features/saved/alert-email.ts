// The saved-search alert email: one per search and run, up to ten homes, then how many more.
import { reducedLabel } from '../../../domain/availability';
import { ALERT_FREQUENCY_LABELS, BRAND_NAME } from '../../../domain/constants';
import { formatPence } from '../../../domain/money';
import type { MailMessage } from '../../mail/mailer';
import { escapeHtml } from '../../mail/mailer';
import { criteriaSearchParams, type SearchCriteria } from './criteria';
import type { SavedSearchRow } from './queries';

export interface AlertListing {
  id: string;
  title: string;
  monthlyRentPence: number;
  bedrooms: number | null;
  propertyType: string;
  location: string | null;
  outcode: string;
  /** Set while its latest rent change was a reduction: the alert says so. */
  rentReducedAt?: Date | null;
  previousRentPence?: number | null;
}

function summary(listing: AlertListing): string {
  const beds =
    listing.bedrooms === null ? null : listing.bedrooms === 0 ? 'Studio' : `${listing.bedrooms} bed`;
  const place = listing.location ? `${listing.location} ${listing.outcode}` : listing.outcode;
  const reduced = reducedLabel(listing.rentReducedAt);
  const rent = `${formatPence(listing.monthlyRentPence)} pcm`;
  const price =
    reduced && listing.previousRentPence
      ? `${rent} (${reduced}, was ${formatPence(listing.previousRentPence)})`
      : rent;
  return [price, beds, listing.propertyType, place].filter(Boolean).join(' · ');
}

export function alertEmail(opts: {
  to: string;
  firstName: string;
  search: SavedSearchRow;
  listings: AlertListing[];
  total: number;
  publicUrl: string;
}): MailMessage {
  const { search, listings, total, publicUrl } = opts;
  const more = total - listings.length;
  const homes = total === 1 ? 'home' : 'homes';
  const query = criteriaSearchParams((search.searchCriteria ?? {}) as SearchCriteria);
  const seeAll = `${publicUrl}/properties${query ? `?${query}` : ''}`;
  const link = (id: string) => `${publicUrl}/properties/${id}`;
  const subject = `${total} new ${homes} for "${search.name}"`;
  const frequency = ALERT_FREQUENCY_LABELS[search.alertFrequency];

  const text = [
    `Hello ${opts.firstName || 'there'},`,
    '',
    `${total} new ${homes} ${total === 1 ? 'matches' : 'match'} your saved search "${search.name}":`,
    '',
    ...listings.flatMap((l) => [l.title, summary(l), link(l.id), '']),
    ...(more > 0 ? [`…and ${more} more. See them all: ${seeAll}`, ''] : []),
    `You get these alerts as: ${frequency}. Change or turn them off on your dashboard (${publicUrl}/tenant-dashboard)`,
    `or switch off Property Alerts in your settings (${publicUrl}/settings).`,
    '',
    BRAND_NAME,
  ].join('\n');

  const html = [
    `<p>Hello ${escapeHtml(opts.firstName || 'there')},</p>`,
    `<p>${total} new ${homes} ${total === 1 ? 'matches' : 'match'} your saved search <strong>${escapeHtml(search.name)}</strong>:</p>`,
    '<ul>',
    ...listings.map(
      (l) =>
        `<li><a href="${escapeHtml(link(l.id))}">${escapeHtml(l.title)}</a><br>${escapeHtml(summary(l))}</li>`,
    ),
    '</ul>',
    ...(more > 0 ? [`<p>…and ${more} more. <a href="${escapeHtml(seeAll)}">See them all</a>.</p>`] : []),
    `<p>You get these alerts as: ${escapeHtml(frequency)}. Change or turn them off on your <a href="${escapeHtml(`${publicUrl}/tenant-dashboard`)}">dashboard</a>, or switch off Property Alerts in your <a href="${escapeHtml(`${publicUrl}/settings`)}">settings</a>.</p>`,
    `<p>${BRAND_NAME}</p>`,
  ].join('\n');

  return { to: opts.to, subject, text, html, kind: 'alert' };
}
