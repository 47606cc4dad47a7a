// /landlord-services (doc 1 §1 landlords, footer link): the landlord pitch at £20 a month: listings with photos,
// enquiries and viewings, a place in search and on the map, and the vetted contractor directory, with subscribe
// to /subscribe?plan=landlord (through sign-in for visitors). Only features that exist (issue 28: no "tenant
// management" or "premium placement", which Your Place does not offer).

import {
  BadgeCheck,
  Building2,
  Camera,
  Check,
  Map as MapIcon,
  ShieldCheck,
  Users,
  Wrench,
} from 'lucide-react';
import { Link } from 'react-router';
import { PLANS } from '../../../../domain/constants';
import { formatPence } from '../../../../domain/money';
import { planBenefits } from '../../../../domain/plans';
import { SubscribeButtons } from '../../../components/plan/subscribe-buttons';

const CONTAINER = 'mx-auto max-w-6xl px-4 sm:px-6';
const PRICE = formatPence(PLANS.landlord.pricePence);

const FEATURES = [
  {
    Icon: Camera,
    title: 'Listings with photos',
    text: 'List your homes with a full description, amenities and photos that load fast on every phone.',
  },
  {
    Icon: Users,
    title: 'Enquiries and viewings',
    text: "Answer premium tenants' enquiries in one inbox and offer viewing times they can book, with no agent in between and no fee on the rent.",
  },
  {
    Icon: MapIcon,
    title: 'In search and on the map',
    text: 'Every live listing shows to tenants searching its area, on the list and on the map. Nobody pays to rank higher.',
  },
  {
    Icon: Wrench,
    title: 'Vetted contractors',
    text: 'Find plumbers, electricians and roofers checked by our team, read their reviews and request quotes.',
  },
];

export default function LandlordServicesPage() {
  return (
    <div className="pb-12">
      <section className="bg-gradient-to-br from-primary-800 to-primary-900 text-white">
        <div className={`${CONTAINER} py-14 sm:py-20`}>
          <p className="text-sm font-semibold uppercase tracking-wide text-primary-100">For landlords</p>
          <h1 className="mt-2 max-w-3xl text-3xl font-bold tracking-tight sm:text-5xl">
            Let your homes for {PRICE} a month, without the agent fees
          </h1>
          <p className="mt-4 max-w-2xl text-lg text-primary-50">
            {PLANS.landlord.name}: list your properties with photos, talk to tenants directly and find trusted
            trades when something needs fixing. No commission on rent, cancel any time.
          </p>
          <div className="mt-8">
            <SubscribeButtons plan="landlord" />
          </div>
          <p className="mt-4 flex items-center gap-2 text-sm text-primary-100">
            <ShieldCheck className="h-4 w-4" aria-hidden />
            <span>
              Every listing is vetted by our team before it goes live:{' '}
              <Link className="font-medium text-white underline" to="/what-we-check">
                what we check
              </Link>
            </span>
          </p>
        </div>
      </section>

      <section aria-labelledby="features-title" className={`${CONTAINER} py-14`}>
        <h2 id="features-title" className="text-2xl font-bold text-slate-900 sm:text-3xl">
          Everything a private landlord needs
        </h2>
        <ul className="mt-8 grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {FEATURES.map(({ Icon, title, text }) => (
            <li key={title} className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
              <Icon className="h-8 w-8 text-primary-700" aria-hidden />
              <h3 className="mt-3 font-semibold text-slate-900">{title}</h3>
              <p className="mt-2 text-sm text-slate-700">{text}</p>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="how-title" className="bg-white py-14">
        <div className={CONTAINER}>
          <h2 id="how-title" className="text-2xl font-bold text-slate-900 sm:text-3xl">
            How it works
          </h2>
          <ol className="mt-8 grid grid-cols-1 gap-6 md:grid-cols-3">
            {[
              {
                Icon: Building2,
                title: 'Add your property',
                text: 'Details, rent, deposit and photos in one form.',
              },
              {
                Icon: BadgeCheck,
                title: 'We check it',
                text: 'An administrator checks it before it goes live.',
              },
              {
                Icon: Users,
                title: 'Tenants get in touch',
                text: 'Premium tenants find it and contact you directly.',
              },
            ].map(({ Icon, title, text }, i) => (
              <li key={title} className="rounded-xl border border-slate-200 p-6">
                <p className="text-sm font-semibold text-primary-700">Step {i + 1}</p>
                <Icon className="mt-2 h-7 w-7 text-primary-700" aria-hidden />
                <h3 className="mt-2 font-semibold text-slate-900">{title}</h3>
                <p className="mt-1 text-sm text-slate-700">{text}</p>
              </li>
            ))}
          </ol>
        </div>
      </section>

      <section aria-labelledby="price-title" className={`${CONTAINER} pt-14`}>
        <div className="rounded-2xl bg-primary-50 p-8 text-center sm:p-12">
          <h2 id="price-title" className="text-2xl font-bold text-slate-900 sm:text-3xl">
            {PLANS.landlord.name}: {PRICE} a month
          </h2>
          <ul className="mx-auto mt-5 flex max-w-xl flex-col gap-2 text-left text-sm text-slate-800 sm:items-center">
            {[...planBenefits('landlord'), 'No setup fee, cancel any time'].map((benefit) => (
              <li key={benefit} className="flex items-center gap-2">
                <Check className="h-4 w-4 text-primary-700" aria-hidden />
                {benefit}
              </li>
            ))}
          </ul>
          <div className="mt-8 flex justify-center">
            <SubscribeButtons plan="landlord" />
          </div>
        </div>
      </section>
    </div>
  );
}
