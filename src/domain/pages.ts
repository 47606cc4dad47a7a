// Route table (doc 2 §2) with each page's title and meta description, used by the server to render
// crawler-visible <title>/<meta> and by the client to set document.title on navigation.
// Titles ≤ 60 characters; descriptions 121-160 characters (doc 2 §9 SEO checks).
import { BRAND_NAME, PLANS } from './constants';
import { formatPence } from './money';

export interface PageMeta {
  title: string;
  description: string;
  /** Pages that should not be indexed (accounts, admin). */
  noindex?: boolean;
  /** Pages for admins only: the server sends anyone else to ADMIN_SIGN_IN (issue 30). */
  adminOnly?: boolean;
}

/** Where admins sign in, and where an admin-only page sends everyone else. */
export const ADMIN_SIGN_IN = '/admin/login';

const DEFAULT_DESCRIPTION =
  'Your Place is the UK property rental marketplace for private landlords, tenants and vetted contractors. No hidden fees, no commission, cancel any time.';

export const PAGE_META: Record<string, PageMeta> = {
  '/': {
    title: 'Your Place | UK Property Rental Without the Fees',
    description:
      'Find a home to rent across the UK, list your property for £20 a month or join our vetted contractor network. Property rental made honest.',
  },
  '/home': { title: 'Your Place | UK Property Rental Without the Fees', description: DEFAULT_DESCRIPTION },
  // The pricing-first introduction the spec calls a preview: for admins to try, not a second public home page.
  '/preview': {
    adminOnly: true,
    noindex: true,
    title: 'Welcome to Your Place | Simple Rental Pricing',
    description:
      'Tenant premium £1 a month, landlords £20 a month, contractors £10 a month. See what Your Place offers for UK property rental with no hidden fees at all.',
  },
  '/about': {
    title: 'About Your Place | Independent UK Rentals',
    description:
      'Your Place is a UK marketplace for private landlords, tenants and vetted trades: honest property rental with no hidden fees.',
  },
  '/contact': {
    title: 'Contact Your Place | Support for Tenants and Landlords',
    description:
      'Questions about property rental, your subscription or a listing? Contact the Your Place team. We reply within 24 hours, Monday to Saturday.',
  },
  '/privacy-policy': {
    title: 'Privacy Policy | Your Place',
    description:
      'How Your Place collects, uses and protects personal data for tenants, landlords and contractors using our UK property rental marketplace, under UK GDPR.',
  },
  '/terms-of-service': {
    title: 'Terms of Service | Your Place',
    description:
      "Your Place's terms: monthly plans, your 14-day right to cancel, vetted listings and landlords' duties under the Renters' Rights Act.",
  },
  '/what-we-check': {
    title: 'What We Check Before a Listing Goes Live | Your Place',
    description:
      'The rules every listing on Your Place meets before it goes live, by nation: fair wording, one stated rent, deposits within the law, EPC and registration.',
  },
  '/properties': {
    title: 'Homes to Rent Across the UK | Your Place',
    description:
      'Search thousands of homes to rent across the UK by postcode, price and bedrooms. Property rental listings from private landlords, vetted before going live.',
  },
  '/contractors': {
    title: 'Find Vetted Contractors for Landlords | Your Place',
    description:
      'Plumbers, electricians, roofers and builders vetted by our team. Find trusted contractors for your rental property across ten UK cities, with real reviews.',
  },
  '/contractor-signup': {
    title: 'Join Your Place as a Contractor | £10 a Month',
    description:
      'Reach private landlords looking for trusted trades. Business profile, portfolio, reviews and leads for £10 a month, no setup fee, cancel any time you like.',
  },
  '/landlord-services': {
    title: 'Landlord Services | List Homes for £20 a Month',
    description:
      'List your rental homes with photos, reach tenants across the UK and find vetted contractors. Property rental for private landlords without commission fees.',
  },
  // The plans and their prices: public and indexed (issue 15 measures it with the public pages).
  '/subscribe': {
    title: 'Plans and prices | Your Place',
    description:
      `Your Place plans: Premium for tenants at ${formatPence(PLANS.tenant.pricePence)} a month, landlords list ` +
      `homes with photos for ${formatPence(PLANS.landlord.pricePence)} a month, and contractors advertise their ` +
      `trade for ${formatPence(PLANS.contractor.pricePence)} a month.`,
  },
  '/forum': { title: 'Tenant Forum | Your Place', description: DEFAULT_DESCRIPTION, noindex: true },
  '/seo-analysis': { title: 'SEO Analysis | Your Place', description: DEFAULT_DESCRIPTION, noindex: true },
  '/register': { title: 'Create an Account | Your Place', description: DEFAULT_DESCRIPTION },
  '/simple-registration': { title: 'Sign Up | Your Place', description: DEFAULT_DESCRIPTION },
  '/login': { title: 'Sign In | Your Place', description: DEFAULT_DESCRIPTION },
  '/demo-login': { title: 'Demo Login | Your Place', description: DEFAULT_DESCRIPTION, noindex: true },
  '/forgot-password': {
    title: 'Forgot Password | Your Place',
    description: DEFAULT_DESCRIPTION,
    noindex: true,
  },
  '/forgot-username': {
    title: 'Forgot Username | Your Place',
    description: DEFAULT_DESCRIPTION,
    noindex: true,
  },
  '/reset-password': {
    title: 'Reset Password | Your Place',
    description: DEFAULT_DESCRIPTION,
    noindex: true,
  },
  '/confirm-listing': {
    title: 'Confirm Listing | Your Place',
    description: DEFAULT_DESCRIPTION,
    noindex: true,
  },
  '/confirm-email': {
    title: 'Confirm Email | Your Place',
    description: DEFAULT_DESCRIPTION,
    noindex: true,
  },
  '/dashboard': { title: 'Dashboard | Your Place', description: DEFAULT_DESCRIPTION, noindex: true },
  '/free-dashboard': {
    title: 'Your Dashboard | Your Place',
    description: DEFAULT_DESCRIPTION,
    noindex: true,
  },
  '/tenant-dashboard': {
    title: 'Tenant Dashboard | Your Place',
    description: DEFAULT_DESCRIPTION,
    noindex: true,
  },
  '/landlord-dashboard': {
    title: 'My Property Portfolio | Your Place',
    description: DEFAULT_DESCRIPTION,
    noindex: true,
  },
  '/contractor-dashboard': {
    title: 'Contractor Dashboard | Your Place',
    description: DEFAULT_DESCRIPTION,
    noindex: true,
  },
  '/profile': { title: 'Profile Settings | Your Place', description: DEFAULT_DESCRIPTION, noindex: true },
  '/settings': { title: 'Account Settings | Your Place', description: DEFAULT_DESCRIPTION, noindex: true },
  '/renter-profile': {
    title: 'Renter Profile | Your Place',
    description: DEFAULT_DESCRIPTION,
    noindex: true,
  },
  '/leads': { title: 'Leads | Your Place', description: DEFAULT_DESCRIPTION, noindex: true },
  '/inbox': { title: 'Inbox | Your Place', description: DEFAULT_DESCRIPTION, noindex: true },
  '/repairs': { title: 'Repairs | Your Place', description: DEFAULT_DESCRIPTION, noindex: true },
  '/repairs/new': { title: 'Report a repair | Your Place', description: DEFAULT_DESCRIPTION, noindex: true },
  '/applications': {
    title: 'My Applications | Your Place',
    description: DEFAULT_DESCRIPTION,
    noindex: true,
  },
  '/my-home': { title: 'My Home | Your Place', description: DEFAULT_DESCRIPTION, noindex: true },
  '/tenancies': { title: 'Tenancies | Your Place', description: DEFAULT_DESCRIPTION, noindex: true },
  '/contractor-profile': {
    title: 'Business Profile | Your Place',
    description: DEFAULT_DESCRIPTION,
    noindex: true,
  },
  '/sitemap': { title: 'Sitemap | Your Place', description: DEFAULT_DESCRIPTION },
  '/admin/login': { title: 'Admin Sign In | Your Place', description: DEFAULT_DESCRIPTION, noindex: true },
  '/admin/statistics': {
    title: 'Analytics | Your Place Admin',
    description: DEFAULT_DESCRIPTION,
    noindex: true,
  },
  '/admin/moderation': {
    title: 'Content Review | Your Place Admin',
    description: DEFAULT_DESCRIPTION,
    noindex: true,
  },
  '/admin/contacts': {
    title: 'Contact Submissions | Your Place Admin',
    description: DEFAULT_DESCRIPTION,
    noindex: true,
  },
  '/admin/reports': {
    title: 'Reported Conversations | Your Place Admin',
    description: DEFAULT_DESCRIPTION,
    noindex: true,
  },
  '/admin/featured': {
    title: 'Featured Homes | Your Place Admin',
    description: DEFAULT_DESCRIPTION,
    noindex: true,
  },
  '/admin/trade-checks': {
    title: 'Trade Checks | Your Place Admin',
    description: DEFAULT_DESCRIPTION,
    noindex: true,
  },
  '/admin/super': {
    title: 'Super Admin | Your Place Admin',
    description: DEFAULT_DESCRIPTION,
    noindex: true,
  },
};

/**
 * Parameterised routes: /properties/{id}, /contractors/{id}, /leads/{id}, /listings/{id}/viewings and /applicants,
 * /tenancies/{id} and /references/{token}. Every client route (src/client/routes.tsx) has its meta here or in
 * PAGE_META, or the server answers it 404 with "Page Not Found" while the browser draws the page (issue 30);
 * tests/api/client-routes.test.ts walks the route table to hold that.
 */
const DYNAMIC_PREFIXES: Array<[RegExp, PageMeta]> = [
  [
    /^\/properties\/[^/]+$/,
    { title: 'Home to Rent | Your Place', description: PAGE_META['/properties'].description },
  ],
  [
    /^\/contractors\/[^/]+$/,
    { title: 'Contractor Profile | Your Place', description: PAGE_META['/contractors'].description },
  ],
  [/^\/leads\/[^/]+$/, { title: 'Lead | Your Place', description: DEFAULT_DESCRIPTION, noindex: true }],
  [/^\/repairs\/[^/]+$/, { title: 'Repair | Your Place', description: DEFAULT_DESCRIPTION, noindex: true }],
  [
    /^\/listings\/[^/]+\/viewings$/,
    { title: 'Listing Viewings | Your Place', description: DEFAULT_DESCRIPTION, noindex: true },
  ],
  [
    /^\/listings\/[^/]+\/applicants$/,
    { title: 'Listing Applicants | Your Place', description: DEFAULT_DESCRIPTION, noindex: true },
  ],
  [
    /^\/tenancies\/[^/]+$/,
    { title: 'Tenancy | Your Place', description: DEFAULT_DESCRIPTION, noindex: true },
  ],
  // A previous landlord's reference form, opened from the emailed one-time link (issue 31 item 4).
  [
    /^\/references\/[^/]+$/,
    { title: 'Give a Reference | Your Place', description: DEFAULT_DESCRIPTION, noindex: true },
  ],
  [
    /^\/listings\/[^/]+\/compliance$/,
    { title: 'Compliance | Your Place', description: DEFAULT_DESCRIPTION, noindex: true },
  ],
  [
    /^\/listings\/[^/]+\/compliance\/book$/,
    { title: 'Book a Check | Your Place', description: DEFAULT_DESCRIPTION, noindex: true },
  ],
];

export const NOT_FOUND_META: PageMeta = {
  title: 'Page Not Found | Your Place',
  description: DEFAULT_DESCRIPTION,
  noindex: true,
};

/** The page's metadata, or null when the path is not a route of the site (a 404). */
export function pageMetaFor(pathname: string): PageMeta | null {
  const clean = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (PAGE_META[clean]) return PAGE_META[clean];
  for (const [pattern, meta] of DYNAMIC_PREFIXES) if (pattern.test(clean)) return meta;
  return null;
}

/** The legal pages (doc 2 "Static pages": last updated 30 June 2025), as the page and its structured data name them. */
export const LEGAL_PAGES = {
  '/privacy-policy': { name: 'Privacy Policy', updated: '2026-11-27' },
  '/terms-of-service': { name: 'Terms of Service', updated: '2026-11-27' },
} as const;

export type LegalPath = keyof typeof LEGAL_PAGES;

export function isLegalPath(pathname: string): pathname is LegalPath {
  return Object.hasOwn(LEGAL_PAGES, pathname);
}

/** schema.org WebPage for a legal page (doc 2: static text "with page-title and structured-data metadata"). */
export function legalPageJsonLd(path: LegalPath, publicUrl: string): Record<string, unknown> {
  const page = LEGAL_PAGES[path];
  const url = `${publicUrl}${path}`;
  const site = `${publicUrl}/`;
  return {
    '@context': 'https://schema.org',
    '@type': 'WebPage',
    '@id': url,
    url,
    name: page.name,
    description: PAGE_META[path].description,
    inLanguage: 'en-GB',
    dateModified: page.updated,
    isPartOf: { '@type': 'WebSite', name: BRAND_NAME, url: site },
    publisher: { '@type': 'Organization', name: BRAND_NAME, url: site },
  };
}

/** The id of the page's data block that carries the signed-in user (or null): written by the server, read once. */
export const SESSION_USER_ELEMENT = 'session-user';

/** The id of the data block that carries what a server-rendered page's queries fetched (react-query's dehydrated state). */
export const PAGE_STATE_ELEMENT = 'page-state';

/**
 * The pages people land on (issue 15): rendered on the server as complete HTML, measured by `npm run lighthouse` and
 * checked for a clean hydration in the browser. `{id}` stands for one live listing or trade.
 */
export const LANDING_PAGES = [
  '/',
  '/about',
  '/contact',
  '/privacy-policy',
  '/terms-of-service',
  '/properties',
  '/properties/{id}',
  '/contractors',
  '/contractors/{id}',
  '/subscribe',
] as const;
