import { BadgePoundSterling, Layers, ShieldCheck } from 'lucide-react';
import { Link } from 'react-router';
import { BRAND_NAME } from '../../../../domain/constants';

const REASONS = [
  {
    icon: BadgePoundSterling,
    title: 'Affordable pricing',
    text: 'Tenants from £1 a month, contractors £10 and landlords £20. No commission and no hidden fees.',
  },
  {
    icon: Layers,
    title: 'Complete platform',
    text: 'Homes, trusted trades and a tenant community in one place, across the whole UK.',
  },
  {
    icon: ShieldCheck,
    title: 'Vetted before going live',
    text: 'Our team reviews every listing against the law of its nation, and every trade profile, before it goes live.',
    link: { to: '/what-we-check', label: 'What we check' },
  },
] as const;

/** /subscribe's "Why Choose" section (doc 2). */
export function WhyChoose() {
  return (
    <section aria-labelledby="why-choose" className="mt-12">
      <h2 id="why-choose" className="text-center text-2xl font-bold tracking-tight text-slate-900">
        Why Choose {BRAND_NAME}
      </h2>
      <ul className="mt-6 grid gap-4 sm:grid-cols-3">
        {REASONS.map((reason) => {
          const { icon: Icon, title, text } = reason;
          return (
            <li key={title} className="rounded-xl border border-slate-200 bg-white p-5 text-center shadow-sm">
              <Icon className="mx-auto h-8 w-8 text-primary-700" aria-hidden />
              <h3 className="mt-3 font-semibold text-slate-900">{title}</h3>
              <p className="mt-1 text-sm text-slate-600">{text}</p>
              {'link' in reason && (
                <Link
                  className="mt-2 inline-block text-sm font-medium text-primary-700 underline"
                  to={reason.link.to}
                >
                  {reason.link.label}
                </Link>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
