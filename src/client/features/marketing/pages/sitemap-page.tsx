// An HTML sitemap of the public pages (doc 1 "Global navigation" footer links).
import { Link } from 'react-router';
import { BRAND_NAME } from '../../../../domain/constants';
import { PAGE_META } from '../../../../domain/pages';

const GROUPS: Array<{ title: string; pages: Array<{ to: string; label: string }> }> = [
  {
    title: 'Find a home',
    pages: [
      { to: '/', label: 'Home' },
      { to: '/properties', label: 'Browse properties' },
      { to: '/properties?view=map', label: 'Property map' },
    ],
  },
  {
    title: 'Landlords and contractors',
    pages: [
      { to: '/landlord-services', label: 'Landlord services' },
      { to: '/contractors', label: 'Find contractors' },
      { to: '/contractor-signup', label: 'Join as a contractor' },
      { to: '/subscribe', label: 'Pricing and plans' },
    ],
  },
  {
    title: 'Your account',
    pages: [
      { to: '/simple-registration', label: 'Sign up' },
      { to: '/login', label: 'Sign in' },
      { to: '/forgot-password', label: 'Forgot password' },
      { to: '/forgot-username', label: 'Forgot username' },
      { to: '/dashboard', label: 'Dashboard' },
      { to: '/forum', label: 'Tenant forum' },
    ],
  },
  {
    title: `About ${BRAND_NAME}`,
    pages: [
      { to: '/about', label: 'About us' },
      { to: '/contact', label: 'Contact and FAQ' },
      { to: '/what-we-check', label: 'What we check before a listing goes live' },
      { to: '/privacy-policy', label: 'Privacy Policy' },
      { to: '/terms-of-service', label: 'Terms of Service' },
    ],
  },
];

/** The page's meta description, when it has its own, as a one-line summary under the link. */
function summaryOf(to: string): string | null {
  if (to.includes('?')) return null;
  const meta = PAGE_META[to];
  return meta && !meta.noindex ? meta.description : null;
}

export default function SitemapPage() {
  return (
    <div className="mx-auto max-w-5xl px-4 py-12 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">Sitemap</h1>
      <p className="mt-3 text-slate-700">Every public page of {BRAND_NAME} in one place.</p>
      <div className="mt-10 grid gap-10 md:grid-cols-2">
        {GROUPS.map((group, index) => (
          <nav key={group.title} aria-labelledby={`sitemap-group-${index}`}>
            <h2 id={`sitemap-group-${index}`} className="text-xl font-semibold text-slate-900">
              {group.title}
            </h2>
            <ul className="mt-4 space-y-3">
              {group.pages.map((page) => {
                const summary = summaryOf(page.to);
                return (
                  <li key={page.to}>
                    <Link
                      to={page.to}
                      className="font-medium text-primary-700 underline-offset-4 hover:underline"
                    >
                      {page.label}
                    </Link>
                    {summary && <p className="mt-0.5 text-sm text-slate-600">{summary}</p>}
                  </li>
                );
              })}
            </ul>
          </nav>
        ))}
      </div>
    </div>
  );
}
