// Public company facts used by the marketing pages (doc 2 §1, "Contact").
import { BRAND_NAME } from '../../../../domain/constants';

export const SUPPORT_EMAIL = 'support@yourplace.example';
export const COMPANY_CITY = 'London';
export const FOUNDED_YEAR = 2011;
export const RESPONSE_PROMISE = 'We reply to every message within 24 hours.';

/** schema.org Organization data for the About page. */
export function organizationJsonLd(origin: string) {
  return {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    name: BRAND_NAME,
    url: `${origin}/`,
    logo: `${origin}/favicon.svg`,
    description:
      'UK property rental marketplace connecting private landlords, tenants and vetted contractors. Independent since 2011.',
    foundingDate: String(FOUNDED_YEAR),
    email: SUPPORT_EMAIL,
    address: { '@type': 'PostalAddress', addressLocality: COMPANY_CITY, addressCountry: 'GB' },
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
