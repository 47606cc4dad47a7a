import { queryOptions, useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { BRAND_NAME } from '../../../domain/constants';
import type { TFooterLinks } from '../../../domain/figures';
import { usePublicConfig } from '../../lib/config';

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
];

/**
 * One live home and one live trade to link to (doc 1's footer lists /properties/{id} and /contractors/{id}; issue
 * 17). The server's render fetches it with every public page (entry-server.tsx), so the links are in the HTML.
 */
export function footerLinksQuery() {
  return queryOptions<TFooterLinks>({ queryKey: ['/api/footer-links'], staleTime: 5 * 60_000 });
}

/**
 * The links once known, in a box of their final height from the first paint, so nothing below moves when they
 * arrive (a page drawn in the browser); none at all for what is not live, never a dead link.
 */
function LiveLinks() {
  const { data } = useQuery(footerLinksQuery());
  const links = [
    data?.property && {
      to: `/properties/${data.property.id}`,
      label: 'Newest home',
      name: data.property.title,
    },
    data?.contractor && {
      to: `/contractors/${data.contractor.id}`,
      label: 'Top-rated trade',
      name: data.contractor.businessName,
    },
  ].filter((link) => !!link);
  return (
    <div className="mt-4 min-h-24" data-testid="footer-live-links">
      {links.length > 0 && (
        <ul className="space-y-2 text-sm">
          {links.map((link) => (
            <li key={link.to}>
              <Link to={link.to} className="group block max-w-64 hover:text-white">
                <span className="group-hover:underline">{link.label}</span>
                <span className="block truncate text-xs text-slate-400">{link.name}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** The founding year and address, only when configured (COMPANY_FOUNDED_YEAR, COMPANY_ADDRESS: issue 28). */
function CompanyFacts() {
  const company = usePublicConfig().data?.company;
  const facts = [
    company?.foundedYear ? `Founded in ${company.foundedYear}.` : null,
    company?.address ? `${company.address}.` : null,
  ].filter(Boolean);
  return facts.length ? <> {facts.join(' ')}</> : null;
}

export function SiteFooter() {
  return (
    <footer className="mt-16 border-t border-slate-200 bg-slate-900 text-slate-300">
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-12 sm:grid-cols-2 sm:px-6 lg:grid-cols-4">
        <div className="lg:col-span-2">
          <p className="text-lg font-bold text-white">{BRAND_NAME}</p>
          <p className="mt-2 max-w-sm text-sm">
            The UK property rental marketplace for private landlords, their tenants and their tradespeople.
            <CompanyFacts />
          </p>
        </div>
        <FooterColumn title="Services" links={SERVICES}>
          <LiveLinks />
        </FooterColumn>
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

function FooterColumn({
  title,
  links,
  children,
}: {
  title: string;
  links: Array<{ to: string; label: string }>;
  children?: React.ReactNode;
}) {
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
      {children}
    </nav>
  );
}
