// The client route table (doc 2 "Full route table"). Pages are lazy modules; a feature owns its pages.
import { lazy, Suspense } from 'react';
import type { RouteObject } from 'react-router';
import { SiteLayout } from './components/layout/layout';
import { Spinner } from './components/ui/feedback';

const page = (load: () => Promise<{ default: React.ComponentType }>) => {
  const Component = lazy(load);
  return <Component />;
};

// The admin shell is a chunk of its own: no public page needs it.
const AdminLayout = lazy(() =>
  import('./features/admin/components/admin-layout').then((m) => ({ default: m.AdminLayout })),
);

export const routes: RouteObject[] = [
  {
    element: <SiteLayout />,
    children: [
      { path: '/', element: page(() => import('./features/marketing/pages/landing-page')) },
      { path: '/home', element: page(() => import('./features/marketing/pages/landing-page')) },
      { path: '/preview', element: page(() => import('./features/marketing/pages/preview-page')) },
      { path: '/about', element: page(() => import('./features/marketing/pages/about-page')) },
      { path: '/privacy-policy', element: page(() => import('./features/marketing/pages/privacy-page')) },
      { path: '/terms-of-service', element: page(() => import('./features/marketing/pages/terms-page')) },
      { path: '/contact', element: page(() => import('./features/marketing/pages/contact-page')) },
      { path: '/sitemap', element: page(() => import('./features/marketing/pages/sitemap-page')) },

      // One sign-up form at both of the spec's addresses (issue 12: one way to sign up).
      { path: '/register', element: page(() => import('./features/accounts/pages/registration-page')) },
      {
        path: '/simple-registration',
        element: page(() => import('./features/accounts/pages/registration-page')),
      },
      { path: '/login', element: page(() => import('./features/accounts/pages/login-page')) },
      { path: '/demo-login', element: page(() => import('./features/accounts/pages/demo-login-page')) },
      {
        path: '/forgot-password',
        element: page(() => import('./features/accounts/pages/forgot-password-page')),
      },
      {
        path: '/forgot-username',
        element: page(() => import('./features/accounts/pages/forgot-username-page')),
      },
      {
        path: '/reset-password',
        element: page(() => import('./features/accounts/pages/reset-password-page')),
      },
      {
        path: '/confirm-email',
        element: page(() => import('./features/accounts/pages/confirm-email-page')),
      },
      {
        path: '/confirm-listing',
        element: page(() => import('./features/listings/pages/confirm-listing-page')),
      },
      { path: '/profile', element: page(() => import('./features/accounts/pages/profile-page')) },
      { path: '/settings', element: page(() => import('./features/accounts/pages/settings-page')) },

      { path: '/dashboard', element: page(() => import('./features/dashboard/pages/dashboard-page')) },
      {
        path: '/free-dashboard',
        element: page(() => import('./features/dashboard/pages/free-dashboard-page')),
      },
      {
        path: '/tenant-dashboard',
        element: page(() => import('./features/dashboard/pages/tenant-dashboard-page')),
      },
      {
        path: '/landlord-dashboard',
        element: page(() => import('./features/dashboard/pages/landlord-dashboard-page')),
      },
      {
        path: '/contractor-dashboard',
        element: page(() => import('./features/dashboard/pages/contractor-dashboard-page')),
      },

      { path: '/properties', element: page(() => import('./features/properties/pages/properties-page')) },
      {
        path: '/properties/:id',
        element: page(() => import('./features/properties/pages/property-detail-page')),
      },
      { path: '/subscribe', element: page(() => import('./features/payments/pages/subscribe-page')) },
      { path: '/forum', element: page(() => import('./features/forum/pages/forum-page')) },
      { path: '/inbox', element: page(() => import('./features/messages/pages/inbox-page')) },
      {
        path: '/listings/:id/viewings',
        element: page(() => import('./features/viewings/pages/listing-viewings-page')),
      },

      { path: '/contractors', element: page(() => import('./features/contractors/pages/contractors-page')) },
      {
        path: '/contractors/:id',
        element: page(() => import('./features/contractors/pages/contractor-detail-page')),
      },
      {
        path: '/contractor-signup',
        element: page(() => import('./features/contractors/pages/contractor-signup-page')),
      },
      {
        path: '/landlord-services',
        element: page(() => import('./features/contractors/pages/landlord-services-page')),
      },
      {
        path: '/contractor-profile',
        element: page(() => import('./features/contractors/pages/contractor-profile-page')),
      },
      { path: '/leads', element: page(() => import('./features/contractors/pages/leads-page')) },
      { path: '/leads/:id', element: page(() => import('./features/contractors/pages/lead-detail-page')) },

      { path: '/seo-analysis', element: page(() => import('./features/seo/pages/seo-analysis-page')) },

      { path: '*', element: page(() => import('./features/marketing/pages/not-found-page')) },
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
      { path: '/admin/login', element: page(() => import('./features/admin/pages/admin-login-page')) },
      { path: '/admin/statistics', element: page(() => import('./features/admin/pages/statistics-page')) },
      { path: '/admin/moderation', element: page(() => import('./features/admin/pages/moderation-page')) },
      { path: '/admin/contacts', element: page(() => import('./features/admin/pages/contacts-page')) },
      { path: '/admin/reports', element: page(() => import('./features/admin/pages/reports-page')) },
      { path: '/admin/super', element: page(() => import('./features/admin/pages/super-admin-page')) },
    ],
  },
];
