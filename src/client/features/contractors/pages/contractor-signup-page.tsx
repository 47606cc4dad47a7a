// /contractor-signup (doc 1 "Contractor marketing page", doc 2 route table): the £10/month pitch, benefits, a
// comparison table, how joining works (in place of testimonials), the 30-day money-back guarantee and no setup
// fee, and a subscribe button: to /subscribe?plan=contractor when signed in, to sign-in (and back) when not.

import { BadgeCheck, Check, ClipboardList, Images, Minus, ShieldCheck, Users, X } from 'lucide-react';
import { PLANS } from '../../../../domain/constants';
import { formatPence } from '../../../../domain/money';
import { planBenefits } from '../../../../domain/plans';
import { CANCELLATION_DAYS } from '../../../../domain/subscription-terms';
import { SubscribeButtons } from '../../../components/plan/subscribe-buttons';

const CONTAINER = 'mx-auto max-w-6xl px-4 sm:px-6';
const PRICE = formatPence(PLANS.contractor.pricePence);

const BENEFITS = [
  {
    Icon: Users,
    title: 'Landlords looking for trades',
    text: 'Our members are private landlords and tenants who need reliable help with their homes, across ten UK cities.',
  },
  {
    Icon: ClipboardList,
    title: 'Leads straight to you',
    text: 'Quote requests arrive by email and in your leads list. Mark them won or lost and keep track of every job.',
  },
  {
    Icon: Images,
    title: 'A profile that sells',
    text: 'Your services, areas, photos of your work and genuine reviews from the people you have worked for.',
  },
  {
    Icon: BadgeCheck,
    title: 'Vetted, so trusted',
    text: 'Every profile is checked by our team before it goes live, so members know who they are dealing with.',
  },
];

type Cell = { kind: 'yes' | 'no' | 'varies'; text: string };
const yes = (text: string): Cell => ({ kind: 'yes', text });
const no = (text: string): Cell => ({ kind: 'no', text });
const varies = (text: string): Cell => ({ kind: 'varies', text });

/** Against kinds of platform, never named companies or their prices. */
const COMPARISON: Array<{ feature: string; cells: [Cell, Cell, Cell] }> = [
  {
    feature: 'Pricing',
    cells: [
      yes(`${PRICE} a month, flat`),
      varies('Typically a fee for every lead'),
      varies('Typically an annual contract'),
    ],
  },
  { feature: 'Setup or joining fee', cells: [yes('None'), varies('Often'), varies('Often')] },
  { feature: 'Commission on your jobs', cells: [yes('None'), varies('Sometimes'), yes('Usually none')] },
  {
    feature: 'Leads shared with competitors',
    cells: [yes('No: each request goes to you'), no('Often several trades'), varies('Depends')],
  },
  { feature: 'Profiles vetted before going live', cells: [yes('Yes'), varies('Varies'), varies('Varies')] },
  { feature: 'Cancel any time', cells: [yes('Yes'), varies('Varies'), no('Usually tied in')] },
];

/**
 * How joining works, step by step. This replaced the spec's testimonials: the ones we had were illustrative, and
 * a public page does not quote people who did not say it (issue 12; docs/decisions/0016-real-trust-signals.md).
 */
const STEPS = [
  {
    title: 'Subscribe and build your profile',
    text: 'Your trade, the areas you cover, your services, photos of your work and how to reach you.',
  },
  {
    title: 'Our team checks it',
    text: 'A member of our team reviews every profile before it goes live in the directory.',
  },
  {
    title: 'Landlords find you and ask for quotes',
    text: 'Quote requests arrive as leads on your dashboard; reviews from the landlords you work for build your rating.',
  },
];

function CellView({ cell }: { cell: Cell }) {
  const Icon = cell.kind === 'yes' ? Check : cell.kind === 'no' ? X : Minus;
  const tone =
    cell.kind === 'yes' ? 'text-green-700' : cell.kind === 'no' ? 'text-red-700' : 'text-slate-500';
  return (
    <span className="flex items-start gap-2">
      <Icon className={`mt-0.5 h-4 w-4 shrink-0 ${tone}`} aria-hidden />
      <span>{cell.text}</span>
    </span>
  );
}

export default function ContractorSignupPage() {
  return (
    <div className="pb-12">
      <section className="bg-gradient-to-br from-primary-800 to-primary-900 text-white">
        <div className={`${CONTAINER} py-14 sm:py-20`}>
          <p className="text-sm font-semibold uppercase tracking-wide text-primary-100">For contractors</p>
          <h1 className="mt-2 max-w-3xl text-3xl font-bold tracking-tight sm:text-5xl">
            Win work from landlords for {PRICE} a month
          </h1>
          <p className="mt-4 max-w-2xl text-lg text-primary-50">
            Join the Your Place network of vetted tradespeople. A business profile, a portfolio, genuine
            reviews and quote requests straight to your inbox. No setup fee, no commission, cancel any time.
          </p>
          <div className="mt-8">
            <SubscribeButtons plan="contractor" />
          </div>
          <p className="mt-4 flex items-center gap-2 text-sm text-primary-100">
            <ShieldCheck className="h-4 w-4" aria-hidden />
            {CANCELLATION_DAYS}-day right to cancel, unused days refunded · No setup fee
          </p>
        </div>
      </section>

      <section aria-labelledby="benefits-title" className={`${CONTAINER} py-14`}>
        <h2 id="benefits-title" className="text-2xl font-bold text-slate-900 sm:text-3xl">
          What you get with {PLANS.contractor.name}
        </h2>
        <ul className="mt-8 grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {BENEFITS.map(({ Icon, title, text }) => (
            <li key={title} className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
              <Icon className="h-8 w-8 text-primary-700" aria-hidden />
              <h3 className="mt-3 font-semibold text-slate-900">{title}</h3>
              <p className="mt-2 text-sm text-slate-700">{text}</p>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="compare-title" className="bg-white py-14">
        <div className={CONTAINER}>
          <h2 id="compare-title" className="text-2xl font-bold text-slate-900 sm:text-3xl">
            How we compare
          </h2>
          <p className="mt-2 text-slate-600">
            Against the two kinds of platform most trades use today. Terms differ between providers; check
            theirs.
          </p>
          <div className="relative mt-6 overflow-x-auto rounded-xl border border-slate-200">
            <table className="w-full min-w-[40rem] text-left text-sm">
              <caption className="sr-only">
                Your Place compared with typical pay-per-lead sites and directories
              </caption>
              <thead className="bg-slate-50 text-slate-900">
                <tr>
                  <th scope="col" className="p-4 font-semibold">
                    Feature
                  </th>
                  <th scope="col" className="bg-primary-50 p-4 font-semibold text-primary-900">
                    Your Place
                  </th>
                  <th scope="col" className="p-4 font-semibold">
                    Typical pay-per-lead site
                  </th>
                  <th scope="col" className="p-4 font-semibold">
                    Typical trade directory
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-200 text-slate-700">
                {COMPARISON.map((row) => (
                  <tr key={row.feature}>
                    <th scope="row" className="p-4 font-medium text-slate-900">
                      {row.feature}
                    </th>
                    {row.cells.map((cell, i) => (
                      <td key={i} className={i === 0 ? 'bg-primary-50/60 p-4' : 'p-4'}>
                        <CellView cell={cell} />
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </div>
      </section>

      <section aria-labelledby="steps-title" className={`${CONTAINER} py-14`}>
        <h2 id="steps-title" className="text-2xl font-bold text-slate-900 sm:text-3xl">
          How joining works
        </h2>
        <ol className="mt-8 grid grid-cols-1 gap-6 md:grid-cols-3">
          {STEPS.map((step, i) => (
            <li
              key={step.title}
              className="flex h-full flex-col rounded-xl border border-slate-200 bg-white p-6 shadow-sm"
            >
              <span
                className="flex h-9 w-9 items-center justify-center rounded-full bg-primary-100 font-bold text-primary-800"
                aria-hidden
              >
                {i + 1}
              </span>
              <h3 className="mt-4 font-semibold text-slate-900">{step.title}</h3>
              <p className="mt-2 text-slate-700">{step.text}</p>
            </li>
          ))}
        </ol>
      </section>

      <section aria-labelledby="join-title" className={CONTAINER}>
        <div className="rounded-2xl bg-primary-50 p-8 text-center sm:p-12">
          <h2 id="join-title" className="text-2xl font-bold text-slate-900 sm:text-3xl">
            Ready to join?
          </h2>
          <p className="mx-auto mt-3 max-w-xl text-slate-700">
            {PRICE} a month, VAT included. No setup fee. Cancel within {CANCELLATION_DAYS} days and we refund
            the days you did not use; cancel any time after and keep the month you paid for.
          </p>
          <ul className="mx-auto mt-5 flex max-w-xl flex-col gap-2 text-left text-sm text-slate-800 sm:items-center">
            {planBenefits('contractor').map((benefit) => (
              <li key={benefit} className="flex items-center gap-2">
                <Check className="h-4 w-4 text-primary-700" aria-hidden />
                {benefit}
              </li>
            ))}
          </ul>
          <div className="mt-8 flex justify-center">
            <SubscribeButtons plan="contractor" />
          </div>
        </div>
      </section>
    </div>
  );
}
