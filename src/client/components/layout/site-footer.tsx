import { Link } from 'react-router';
import { BRAND_NAME } from '../../../domain/constants';

const SERVICES = [
  { to: '/', label: 'Home' },
  { to: '/properties', label: 'Browse Properties' },
  { to: '/contractors', label: 'Find Contractors' },
  { to: '/landlord-services', label: 'Landlord Services' },
  { to: '/contractor-signup', label: 'For Contractors' },
  { to: '/subscribe', label: 'Pricing' },
  { to: '/forum', label: 'Tenant Forum' },
];
const SUPPORT = [
  { to: '/about', label: 'About Us' },
  { to: '/contact', label: 'Contact' },
  { to: '/dashboard', label: 'Dashboard' },
  { to: '/privacy-policy', label: 'Privacy Policy' },
  { to: '/terms-of-service', label: 'Terms of Service' },
  { to: '/sitemap', label: 'Sitemap' },
  { to: '/admin/login', label: 'Admin' },
];

export function SiteFooter() {
  return (
    <footer className="mt-16 border-t border-slate-200 bg-slate-900 text-slate-300">
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-12 sm:grid-cols-2 sm:px-6 lg:grid-cols-4">
        <div className="lg:col-span-2">
          <p className="text-lg font-bold text-white">{BRAND_NAME}</p>
          <p className="mt-2 max-w-sm text-sm">
            The UK property rental marketplace for private landlords, their tenants and their tradespeople.
            Independent since 2011, based in London, serving the whole UK.
          </p>
        </div>
        <FooterColumn title="Services" links={SERVICES} />
        <FooterColumn title="Support" links={SUPPORT} />
      </div>
      <div className="border-t border-slate-800 px-4 py-5 text-center text-sm text-slate-400">
        <p>
          © {new Date().getFullYear()} {BRAND_NAME}. All rights reserved.
        </p>
        <p className="mx-auto mt-2 max-w-3xl text-xs text-slate-400">
          Postcode district locations: contains OS data © Crown copyright and database right 2023; contains
          Royal Mail data © Royal Mail copyright and database right 2023; source: Office for National
          Statistics licensed under the Open Government Licence v.3.0; compiled by Doogal.
        </p>
      </div>
    </footer>
  );
}

function FooterColumn({ title, links }: { title: string; links: Array<{ to: string; label: string }> }) {
  return (
    <nav aria-label={title}>
      <h2 className="text-sm font-semibold uppercase tracking-wide text-white">{title}</h2>
      <ul className="mt-3 space-y-2 text-sm">
        {links.map((l) => (
          <li key={l.to}>
            <Link to={l.to} className="hover:text-white hover:underline">
              {l.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
