// The preview page (doc 2 "Preview (/preview)"): a pricing-first introduction with its own link bar,
// a search box, 'Why Choose' and a footer block of links.
import { ArrowLeft, BadgeCheck, LayoutGrid, PiggyBank, Search } from 'lucide-react';
import { type FormEvent, useId, useRef, useState } from 'react';
import { Link, Navigate, useNavigate } from 'react-router';
import { BRAND_NAME, type UserType } from '../../../../domain/constants';
import { ADMIN_SIGN_IN } from '../../../../domain/pages';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/feedback';
import { Input } from '../../../components/ui/input';
import { useAuth } from '../../../lib/auth';
import { PriceCard } from '../components/price-card';

const CONTAINER = 'mx-auto max-w-7xl px-4 sm:px-6';

const PREVIEW_LINKS = [
  { to: '/properties', label: 'Properties' },
  { to: '/contractors', label: 'Contractors' },
  { to: '/about', label: 'About' },
  { to: '/contact', label: 'Contact' },
];

const PLAN_ORDER: Array<{ role: UserType; popular?: boolean; note?: string }> = [
  { role: 'tenant', note: 'Basic search is free' },
  { role: 'landlord', popular: true },
  { role: 'contractor' },
];

const REASONS = [
  {
    Icon: PiggyBank,
    title: 'Affordable pricing',
    text: 'A flat monthly price from £1, VAT included. No setup fee, no commission on rent, cancel any time.',
  },
  {
    Icon: LayoutGrid,
    title: 'Complete platform',
    text: 'Search, listings with photos, saved searches and alerts, a tenant forum and a contractor directory in one place.',
  },
  {
    Icon: BadgeCheck,
    title: 'Checked before going live',
    text: 'Our team checks every listing and contractor profile before it goes live.',
  },
];

const FOOTER_LINKS = [
  { to: '/properties', label: 'Properties' },
  { to: '/contractors', label: 'Contractors' },
  { to: '/subscribe', label: 'Pricing' },
  { to: '/contact', label: 'Contact' },
  { to: '/about', label: 'About' },
  { to: '/privacy-policy', label: 'Privacy Policy' },
  { to: '/terms-of-service', label: 'Terms of Service' },
];

export default function PreviewPage() {
  const auth = useAuth();
  // Admins only (issue 30): the server redirects everyone else before the page is sent; this covers a client-side
  // navigation to it and a session that ended since.
  if (auth.isLoading) return <Spinner />;
  if (!auth.isAdmin) return <Navigate to={ADMIN_SIGN_IN} replace />;
  return (
    <>
      <nav aria-label="Preview" className="border-b border-slate-200 bg-white">
        <ul className={`${CONTAINER} flex flex-wrap items-center gap-x-5 gap-y-2 py-3 text-sm font-medium`}>
          {PREVIEW_LINKS.map((link) => (
            <li key={link.to}>
              <Link to={link.to} className="text-slate-700 hover:text-primary-700 hover:underline">
                {link.label}
              </Link>
            </li>
          ))}
          <li className="sm:ml-auto">
            <Link to="/" className="inline-flex items-center gap-1 text-primary-700 hover:underline">
              <ArrowLeft className="h-4 w-4" aria-hidden />
              Back to Original
            </Link>
          </li>
        </ul>
      </nav>

      <section
        aria-labelledby="preview-title"
        className="bg-gradient-to-br from-primary-800 to-primary-900 text-white"
      >
        <div className={`${CONTAINER} py-14 text-center sm:py-20`}>
          <h1 id="preview-title" className="text-3xl font-bold tracking-tight sm:text-5xl">
            Welcome to {BRAND_NAME}
          </h1>
          <p className="mx-auto mt-4 max-w-2xl text-lg text-primary-50">
            The UK rental marketplace for tenants, landlords and contractors. Simple monthly plans, homes
            checked before they go live, and trades you can trust.
          </p>
          <PreviewSearch />
        </div>
      </section>

      <section aria-labelledby="plans-title" className={`${CONTAINER} py-16`}>
        <h2 id="plans-title" className="text-center text-2xl font-bold text-slate-900 sm:text-3xl">
          Choose your plan
        </h2>
        <p className="mt-2 text-center text-slate-700">Billed monthly, prices include VAT.</p>
        <div className="mt-10 grid gap-6 md:grid-cols-3">
          {PLAN_ORDER.map((plan) => (
            <PriceCard
              key={plan.role}
              plan={plan.role}
              href={`/subscribe?type=${plan.role}`}
              cta="Subscribe Now"
              popular={plan.popular}
              note={plan.note}
            />
          ))}
        </div>
      </section>

      <section aria-labelledby="why-title" className="bg-white py-16">
        <div className={CONTAINER}>
          <h2 id="why-title" className="text-center text-2xl font-bold text-slate-900 sm:text-3xl">
            Why Choose {BRAND_NAME}?
          </h2>
          <ul className="mt-10 grid gap-8 md:grid-cols-3">
            {REASONS.map(({ Icon, title, text }) => (
              <li key={title} className="text-center">
                <span className="mx-auto flex h-14 w-14 items-center justify-center rounded-full bg-primary-100 text-primary-800">
                  <Icon className="h-7 w-7" aria-hidden />
                </span>
                <h3 className="mt-4 text-lg font-semibold text-slate-900">{title}</h3>
                <p className="mt-2 text-slate-700">{text}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <nav aria-label="Explore Your Place" className={`${CONTAINER} pt-12`}>
        <h2 className="text-lg font-semibold text-slate-900">Explore</h2>
        <ul className="mt-3 flex flex-wrap gap-x-6 gap-y-2">
          {FOOTER_LINKS.map((link) => (
            <li key={link.to}>
              <Link to={link.to} className="text-primary-700 underline-offset-4 hover:underline">
                {link.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </>
  );
}

/** Goes to /properties?search={text}, and only when text is entered (doc 2 "Preview"). */
function PreviewSearch() {
  const id = useId();
  const navigate = useNavigate();
  const input = useRef<HTMLInputElement>(null);
  const [text, setText] = useState('');
  const [hint, setHint] = useState(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const search = text.trim();
    if (!search) {
      setHint(true);
      input.current?.focus();
      return;
    }
    navigate(`/properties?${new URLSearchParams({ search })}`);
  };

  return (
    <search className="mx-auto mt-8 block max-w-xl text-left">
      <form onSubmit={submit}>
        <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-primary-50">
          Search properties
        </label>
        <div className="flex flex-col gap-2 sm:flex-row">
          <Input
            ref={input}
            id={id}
            value={text}
            onChange={(e) => {
              setText(e.target.value);
              if (hint) setHint(false);
            }}
            placeholder="Town, area or postcode"
            aria-describedby={hint ? `${id}-hint` : undefined}
          />
          <Button type="submit" variant="outline" className="shrink-0">
            <Search className="h-4 w-4" aria-hidden />
            Search
          </Button>
        </div>
        {hint && (
          <p id={`${id}-hint`} role="status" className="mt-2 text-sm text-primary-50">
            Enter a town, area or postcode to search.
          </p>
        )}
      </form>
    </search>
  );
}
