// Public company facts used by the marketing pages (doc 2 §1, "Contact"). The founding year and the address come
// from configuration (COMPANY_FOUNDED_YEAR, COMPANY_ADDRESS through GET /api/config) or are not stated at all
// (issue 28; docs/decisions/0049-claims-backed-by-records.md): nothing here invents a history.

import type { TPublicConfig } from '../../../../domain/config';
import { BRAND_NAME } from '../../../../domain/constants';
import { usePublicConfig } from '../../../lib/config';

export const SUPPORT_EMAIL = 'support@yourplace.example';
export const RESPONSE_PROMISE = 'We reply to every message within 24 hours.';

export type CompanyFacts = TPublicConfig['company'];
const NONE: CompanyFacts = { foundedYear: null, address: null };

/** The configured facts; none while the settings load (the server's HTML states none either). */
export function useCompanyFacts(): CompanyFacts {
  return usePublicConfig().data?.company ?? NONE;
}

/** schema.org Organization data for the About page: a founding date and address only when configured. */
export function organizationJsonLd(origin: string, company: CompanyFacts) {
  return {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    name: BRAND_NAME,
    url: `${origin}/`,
    logo: `${origin}/favicon.svg`,
    description:
      'UK property rental marketplace connecting private landlords, tenants and vetted contractors.',
    ...(company.foundedYear ? { foundingDate: String(company.foundedYear) } : {}),
    email: SUPPORT_EMAIL,
    address: {
      '@type': 'PostalAddress',
      ...(company.address ? { streetAddress: company.address } : {}),
      addressCountry: 'GB',
    },
    areaServed: { '@type': 'Country', name: 'United Kingdom' },
    contactPoint: {
      '@type': 'ContactPoint',
      contactType: 'customer support',
      email: SUPPORT_EMAIL,
      areaServed: 'GB',
      availableLanguage: 'English',
      url: `${origin}/contact`,
    },
  };
}
