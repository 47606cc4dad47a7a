// Crawler-visible head for /contractors/{id}: the business's own title and description, and schema.org JSON-LD
// (HomeAndConstructionBusiness) in the served HTML; 404 for a profile that is unknown or not live. The rating in
// the structured data is the real one from reviews (doc 1 §3 used a fixed 4.5 from 10), and only when there are any.
import { BRAND_NAME } from '../../../domain/constants';
import { NOT_FOUND_META, type PageMeta } from '../../../domain/pages';
import { servicePlace } from '../../geo/service-areas';
import { escapeHtml } from '../../mail/mailer';
import { detailPathId, type HeadResolver, jsonLdScript } from '../../plugins/site';
import { excerpt, ratingOf } from './presenter';
import type { ContractorRow } from './queries';
import { findViewableContractor, isLiveProfile } from './service';

export const CONTRACTOR_NOT_FOUND_META: PageMeta = {
  title: `Contractor Not Found | ${BRAND_NAME}`,
  description: NOT_FOUND_META.description,
  noindex: true,
};

const TITLE_MAX = 60;
const DESCRIPTION_MIN = 121;
const DESCRIPTION_MAX = 160;
const FILLERS = ['Read genuine reviews from landlords and tenants.', 'Request a quote online, free.'];

export function contractorTitle(row: Pick<ContractorRow, 'businessName' | 'specialty'>): string {
  const suffix = ` | ${BRAND_NAME}`;
  const full = `${row.businessName}, ${row.specialty}`;
  return `${excerpt(full.length + suffix.length <= TITLE_MAX ? full : row.businessName, TITLE_MAX - suffix.length)}${suffix}`;
}

export function contractorDescription(
  row: Pick<ContractorRow, 'businessName' | 'specialty' | 'serviceAreas' | 'description'>,
): string {
  const areas = row.serviceAreas.length ? ` in ${row.serviceAreas.join(', ')}` : '';
  const lead = `${row.businessName}: ${row.specialty.toLowerCase()}${areas}, vetted by ${BRAND_NAME}.`;
  const own = (row.description ?? '').replace(/\s+/g, ' ').trim();
  let text = own ? `${lead} ${own}` : lead;
  // Search results show 121-160 characters (doc 2 §9 SEO checks): short profiles get the page's own promise.
  for (const filler of FILLERS) if (text.length < DESCRIPTION_MIN) text += ` ${filler}`;
  return excerpt(text, DESCRIPTION_MAX);
}

export function contractorJsonLd(row: ContractorRow, publicUrl: string): Record<string, unknown> {
  const rating = ratingOf(row);
  return {
    '@context': 'https://schema.org',
    '@type': 'HomeAndConstructionBusiness',
    name: row.businessName,
    description: excerpt(row.description ?? '', 500),
    url: `${publicUrl}/contractors/${row.id}`,
    ...(row.serviceAreas.length
      ? {
          // A post town is a City; an area's name or a district ("IP4") is just a Place.
          areaServed: row.serviceAreas.map((name) => ({
            '@type': servicePlace(name)?.kind === 'town' ? 'City' : 'Place',
            name,
          })),
        }
      : {}),
    ...(row.services.length ? { knowsAbout: row.services } : {}),
    ...(rating !== null
      ? {
          aggregateRating: {
            '@type': 'AggregateRating',
            ratingValue: rating,
            // The count the value averages (decision 0073): the verified jobs' reviews when there are any.
            reviewCount: row.verifiedReviewCount > 0 ? row.verifiedReviewCount : row.reviewCount,
            bestRating: 5,
            worstRating: 1,
          },
        }
      : {}),
  };
}

const CONTRACTOR_PATH = /^\/contractors\/([^/]+)\/?$/;

export const contractorHeadResolver: HeadResolver = async (request, pathname) => {
  const id = detailPathId(CONTRACTOR_PATH, pathname);
  if (id === null) return null;
  if (id === false) return { meta: CONTRACTOR_NOT_FOUND_META, status: 404 };
  const ctx = request.server.ctx;
  const row = await findViewableContractor(ctx, id, request.auth?.user ?? null);
  if (!row) return { meta: CONTRACTOR_NOT_FOUND_META, status: 404 };
  const meta: PageMeta = { title: contractorTitle(row), description: contractorDescription(row) };
  // The owner's preview of a profile not (or no longer) live: theirs to see, not for search engines.
  if (!isLiveProfile(row, ctx.now())) return { meta: { ...meta, noindex: true } };
  return {
    meta,
    head: [
      jsonLdScript(contractorJsonLd(row, ctx.config.publicUrl)),
      `<meta property="og:url" content="${escapeHtml(`${ctx.config.publicUrl}/contractors/${row.id}`)}" />`,
    ].join('\n    '),
  };
};
