// /what-we-check (issue 28): "What we check before a listing goes live". Written from the rules module itself
// (src/domain/advert-rules.ts), so the page cannot say one thing while the checks do another. Every "vetted" claim
// on listing pages links here. Server-rendered, like the other public pages.
import { Link } from 'react-router';
import {
  DEPOSIT_RULES,
  LAW_GRACE_DAYS,
  NATION_LABELS,
  NATIONS,
  ruleSummaries,
  type TNation,
  type TRuleSummary,
} from '../../../../domain/advert-rules';
import {
  TRADE_CHECK_KINDS,
  TRADE_CHECK_LABELS,
  TRADE_RESPONSE_MIN_REQUESTS,
  TRADE_RESPONSE_WINDOW_DAYS,
} from '../../../../domain/trade-claims';

const dayText = (day: string) =>
  new Date(`${day}T12:00:00Z`).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'Europe/London',
  });

function RuleItem({ rule, nation }: { rule: TRuleSummary; nation: TNation }) {
  return (
    <li className="rounded-lg border border-slate-200 bg-white p-4">
      <p className="font-medium text-slate-900">
        {rule.name}{' '}
        <span className="text-sm font-normal text-slate-600">
          ({rule.kind === 'refuse' ? 'refused' : 'needs the landlord’s confirmation'}; since{' '}
          {dayText(rule.from[nation]!)})
        </span>
      </p>
      <p className="mt-1 text-slate-700">{rule.checks}</p>
      <p className="mt-1 text-sm">
        <a
          className="text-primary-700 underline"
          href={rule.law.url}
          rel="noopener noreferrer"
          target="_blank"
        >
          {rule.law.title}
        </a>
      </p>
    </li>
  );
}

export default function WhatWeCheckPage() {
  const rules = ruleSummaries();
  return (
    <article className="mx-auto max-w-3xl px-4 py-12 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
        What we check before a listing goes live
      </h1>
      <div className="mt-6 space-y-3 text-slate-700">
        <p>
          Every listing is checked against the law of the nation the home is in, which we take from its
          postcode district (in a district that crosses a border, the landlord tells us). The checks run as
          the landlord writes the listing, again when they send it, again when our team reviews it, and every
          day on live listings: when a new rule starts, the landlord is told and has {LAW_GRACE_DAYS} days to
          change the listing before it is paused.
        </p>
        <p>
          A listing shows only what its landlord gave: a deposit left blank says “Not stated”, never a figure
          we worked out. Each listing says which tenancy it offers in its nation’s terms.
        </p>
      </div>

      {NATIONS.map((nation) => {
        const mine = rules.filter((rule) => rule.from[nation] !== undefined);
        return (
          <section key={nation} aria-labelledby={`rules-${nation}`} className="mt-10">
            <h2 id={`rules-${nation}`} className="text-xl font-semibold text-slate-900">
              Homes in {NATION_LABELS[nation]}
            </h2>
            <p className="mt-2 text-slate-700">
              {DEPOSIT_RULES[nation].label}: {DEPOSIT_RULES[nation].capText}.
            </p>
            <ul className="mt-4 space-y-3">
              {mine.map((rule) => (
                <RuleItem key={rule.id} rule={rule} nation={nation} />
              ))}
            </ul>
          </section>
        );
      })}

      <section aria-labelledby="rules-trades" className="mt-10">
        <h2 id="rules-trades" className="text-xl font-semibold text-slate-900">
          Trades
        </h2>
        <div className="mt-2 space-y-3 text-slate-700">
          <p>
            A member of our team reads every trade profile (its trade, areas, description and photos) before
            it goes live. A “Verified” badge shows only where an admin has recorded a check of a document (
            {TRADE_CHECK_KINDS.map((kind) => TRADE_CHECK_LABELS[kind]).join(', ')}), with who checked it and
            when; the profile says what was checked, and the badge goes when the document expires.
          </p>
          <p>
            Years of experience are shown only as the trade stated them; jobs only as jobs won on Your Place;
            a response time only when measured from the trade’s replies to at least{' '}
            {TRADE_RESPONSE_MIN_REQUESTS} quote requests in the last {TRADE_RESPONSE_WINDOW_DAYS} days. A
            review can be left only by someone whose quote request the trade answered.
          </p>
        </div>
      </section>

      <p className="mt-10 text-slate-700">
        Something on a listing that should not be there? <Link to="/contact">Tell us</Link> and we will look
        at it.
      </p>
    </article>
  );
}
