// The client route table (doc 2 "Full route table"). Pages are lazy modules; a feature owns its pages. Those marked
// ssr arrive from the server as complete HTML (issue 15); the rest are drawn in the browser.
import { lazy, Suspense } from 'react';
import type { RouteObject } from 'react-router';
import { SiteLayout } from './components/layout/layout';
import { Spinner } from './components/ui/feedback';
import { lazyPage, type PageModule } from './lib/page-modules';

// Every page module, each its own chunk; a route names its page by path under features/ ('marketing/pages/about-page').
const PAGES = import.meta.glob<PageModule>('./features/*/pages/*.tsx');

function page(name: string, options: { ssr?: boolean } = {}) {
  const path = `./features/${name}.tsx`;
  const load = PAGES[path];
  if (!load) throw new Error(`routes.tsx: no page at ${path}`);
  // The source path is what Vite's manifest calls the page's chunk (the server preloads it with the HTML).
  return lazyPage(load, { ...options, source: `src/client/${path.slice(2)}` });
}

// The admin shell is a chunk of its own: no public page needs it.
const AdminLayout = lazy(() =>
  import('./features/admin/components/admin-layout').then((m) => ({ default: m.AdminLayout })),
);

export const routes: RouteObject[] = [
  {
    element: <SiteLayout />,
    children: [
      { path: '/', ...page('marketing/pages/landing-page', { ssr: true }) },
      { path: '/home', ...page('marketing/pages/landing-page', { ssr: true }) },
      { path: '/preview', ...page('marketing/pages/preview-page') },
      { path: '/about', ...page('marketing/pages/about-page', { ssr: true }) },
      {
        path: '/privacy-policy',
        ...page('marketing/pages/privacy-page', { ssr: true }),
      },
      {
        path: '/terms-of-service',
        ...page('marketing/pages/terms-page', { ssr: true }),
      },
      {
        path: '/contact',
        ...page('marketing/pages/contact-page', { ssr: true }),
      },
      {
        path: '/sitemap',
        ...page('marketing/pages/sitemap-page', { ssr: true }),
      },
      { path: '/what-we-check', ...page('listings/pages/what-we-check-page', { ssr: true }) },

      // One sign-up form at both of the spec's addresses (issue 12: one way to sign up).
      { path: '/register', ...page('accounts/pages/registration-page') },
      {
        path: '/simple-registration',
        ...page('accounts/pages/registration-page'),
      },
      { path: '/login', ...page('accounts/pages/login-page') },
      { path: '/demo-login', ...page('accounts/pages/demo-login-page') },
      {
        path: '/forgot-password',
        ...page('accounts/pages/forgot-password-page'),
      },
      {
        path: '/forgot-username',
        ...page('accounts/pages/forgot-username-page'),
      },
      {
        path: '/reset-password',
        ...page('accounts/pages/reset-password-page'),
      },
      {
        path: '/confirm-email',
        ...page('accounts/pages/confirm-email-page'),
      },
      {
        path: '/confirm-listing',
        ...page('listings/pages/confirm-listing-page'),
      },
      { path: '/profile', ...page('accounts/pages/profile-page') },
      { path: '/settings', ...page('accounts/pages/settings-page') },
      { path: '/renter-profile', ...page('renter-profile/pages/renter-profile-page') },

      { path: '/dashboard', ...page('dashboard/pages/dashboard-page') },
      {
        path: '/free-dashboard',
        ...page('dashboard/pages/free-dashboard-page'),
      },
      {
        path: '/tenant-dashboard',
        ...page('dashboard/pages/tenant-dashboard-page'),
      },
      {
        path: '/landlord-dashboard',
        ...page('dashboard/pages/landlord-dashboard-page'),
      },
      {
        path: '/contractor-dashboard',
        ...page('dashboard/pages/contractor-dashboard-page'),
      },

      {
        path: '/properties',
        ...page('properties/pages/properties-page', { ssr: true }),
      },
      {
        path: '/properties/:id',
        ...page('properties/pages/property-detail-page', { ssr: true }),
      },
      {
        path: '/subscribe',
        ...page('payments/pages/subscribe-page', { ssr: true }),
      },
      { path: '/forum', ...page('forum/pages/forum-page') },
      { path: '/inbox', ...page('messages/pages/inbox-page') },
      // Repairs (issue 32): the party's repairs, reporting one on a tenancy, and one repair with its timeline.
      { path: '/repairs', ...page('repairs/pages/repairs-page') },
      { path: '/repairs/new', ...page('repairs/pages/report-repair-page') },
      { path: '/repairs/:id', ...page('repairs/pages/repair-detail-page') },
      {
        path: '/listings/:id/viewings',
        ...page('viewings/pages/listing-viewings-page'),
      },
      {
        path: '/listings/:id/applicants',
        ...page('applications/pages/listing-applicants-page'),
      },
      { path: '/applications', ...page('applications/pages/my-applications-page') },
      { path: '/my-home', ...page('tenancies/pages/my-home-page') },
      { path: '/tenancies', ...page('tenancies/pages/tenancies-page') },
      { path: '/tenancies/:id', ...page('tenancies/pages/tenancy-page') },
      // A previous landlord's reference form from the emailed link: no account, no sign-in.
      { path: '/references/:token', ...page('references/pages/reference-form-page') },
      {
        path: '/listings/:id/compliance',
        ...page('compliance/pages/compliance-page'),
      },
      { path: '/listings/:id/compliance/book', ...page('compliance/pages/book-check-page') },

      {
        path: '/contractors',
        ...page('contractors/pages/contractors-page', { ssr: true }),
      },
      {
        path: '/contractors/:id',
        ...page('contractors/pages/contractor-detail-page', { ssr: true }),
      },
      {
        path: '/contractor-signup',
        ...page('contractors/pages/contractor-signup-page'),
      },
      {
        path: '/landlord-services',
        ...page('contractors/pages/landlord-services-page', { ssr: true }),
      },
      {
        path: '/contractor-profile',
        ...page('contractors/pages/contractor-profile-page'),
      },
      { path: '/leads', ...page('contractors/pages/leads-page') },
      { path: '/leads/:id', ...page('contractors/pages/lead-detail-page') },

      { path: '/seo-analysis', ...page('seo/pages/seo-analysis-page') },

      { path: '*', ...page('marketing/pages/not-found-page', { ssr: true }) },
    ],
  },
  // The admin area has its own shell (no public header or footer); it checks admin access itself.
  {
    element: (
      <Suspense fallback={<Spinner className="min-h-screen" />}>
        <AdminLayout />
      </Suspense>
    ),
    children: [
      { path: '/admin/login', ...page('admin/pages/admin-login-page') },
      { path: '/admin/statistics', ...page('admin/pages/statistics-page') },
      { path: '/admin/moderation', ...page('admin/pages/moderation-page') },
      { path: '/admin/contacts', ...page('admin/pages/contacts-page') },
      { path: '/admin/reports', ...page('admin/pages/reports-page') },
      { path: '/admin/trade-checks', ...page('admin/pages/trade-checks-page') },
      { path: '/admin/featured', ...page('admin/pages/featured-page') },
      { path: '/admin/super', ...page('admin/pages/super-admin-page') },
    ],
  },
];
