import { BadgePoundSterling, Layers, ShieldCheck } from 'lucide-react';
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
    title: 'Verified services',
    text: 'Listings and contractors are reviewed by our team before they go live.',
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
        {REASONS.map(({ icon: Icon, title, text }) => (
          <li key={title} className="rounded-xl border border-slate-200 bg-white p-5 text-center shadow-sm">
            <Icon className="mx-auto h-8 w-8 text-primary-700" aria-hidden />
            <h3 className="mt-3 font-semibold text-slate-900">{title}</h3>
            <p className="mt-1 text-sm text-slate-600">{text}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
