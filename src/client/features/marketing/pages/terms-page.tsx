// Terms of Service (doc 2 "Static pages", §9), updated for 2026: prices come from PLANS and the consumer
// terms (the 14-day cancellation, the failed-payment sentence) from src/domain/subscription-terms.ts, so the terms
// always say what /subscribe, billing and the server do. Landlords' duties follow the Renters' Rights Act 2025
// (docs/decisions/0050-plans-under-consumer-law.md).

import { Link } from 'react-router';
import { BRAND_NAME, PLANS, USER_TYPES } from '../../../../domain/constants';
import { formatPence } from '../../../../domain/money';
import { LEGAL_PAGES } from '../../../../domain/pages';
import { planBenefits } from '../../../../domain/plans';
import {
  CANCELLATION_DAYS,
  FAILED_PAYMENT_SENTENCE,
  REMINDER_EVERY_MONTHS,
} from '../../../../domain/subscription-terms';
import { LegalPage, type LegalSection } from '../components/legal-page';
import { SUPPORT_EMAIL } from '../data/company';

const email = <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>;

const SECTIONS: LegalSection[] = [
  {
    id: 'accounts',
    title: 'Accounts and eligibility',
    body: (
      <ul>
        <li>You must be 18 or over to open an account.</li>
        <li>
          Give accurate details when you sign up and keep them up to date. Choose the account type that
          matches how you use {BRAND_NAME}: tenant, landlord or contractor.
        </li>
        <li>
          Keep your password to yourself. You are responsible for what happens in your account, and you should
          tell us at once at {email} if you think someone else has used it.
        </li>
        <li>One person or business, one account of each type.</li>
      </ul>
    ),
  },
  {
    id: 'subscriptions',
    title: 'Subscriptions and prices',
    body: (
      <>
        <p>Searching homes as a tenant is free. The paid plans are monthly subscriptions:</p>
        <ul>
          {USER_TYPES.map((plan) => (
            <li key={plan}>
              {PLANS[plan].name}: {formatPence(PLANS[plan].pricePence)} a month (
              {planBenefits(plan).join('; ').toLowerCase()}).
            </li>
          ))}
        </ul>
        <p>Searching and browsing homes and contractors is free for everyone, with or without an account.</p>
        <p>All prices are in pounds sterling and include VAT. There is no setup fee and no commission.</p>
      </>
    ),
  },
  {
    id: 'billing',
    title: 'Billing and renewal',
    body: (
      <>
        <p>
          Subscriptions are billed monthly in advance, starting on the day you subscribe and then on the same
          day each month, to the card you give our payment provider. A plan renews every month until you
          cancel it; there is no minimum term. We email you the key terms when your plan starts, and a
          reminder of the plan, its price and how to cancel at least every {REMINDER_EVERY_MONTHS} months
          while it continues. No plan starts with a free trial that turns into a paid plan.
        </p>
        <p data-testid="failed-payment">{FAILED_PAYMENT_SENTENCE}</p>
      </>
    ),
  },
  {
    id: 'cancellation',
    title: 'Your right to cancel, and cancelling later',
    body: (
      <>
        <p>
          You have {CANCELLATION_DAYS} days from the day your plan starts to cancel it without giving a reason
          (the Consumer Contracts (Information, Cancellation and Additional Charges) Regulations 2013). Before
          you pay, we ask you to tick a box asking us to start your plan at once, within those{' '}
          {CANCELLATION_DAYS} days. If you then cancel within them, your plan ends at once and we refund your
          first payment less the days you used: each whole day before the day you cancel is charged as its
          share of the month you paid for, rounded down in your favour. We make the refund the day you cancel;
          card refunds usually arrive within 5 to 10 working days.
        </p>
        <p>
          To cancel: in <Link to="/settings#billing">Settings → Billing</Link> choose "Cancel subscription"
          and confirm, or email {email}. We confirm every cancellation by email.
        </p>
        <p>
          After the {CANCELLATION_DAYS} days, you can still cancel at any time the same way: you keep the paid
          features until the end of the period you have already paid for, you will not be charged again, and
          there is no refund for part of a month. None of this affects your other statutory rights as a
          consumer.
        </p>
      </>
    ),
  },
  {
    id: 'price-changes',
    title: 'Price changes',
    body: (
      <p>
        We may change our prices. We will email you at least 30 days before a new price applies to you, and it
        will start from your first billing date after that notice. If you do not want to pay the new price,
        you can cancel before then.
      </p>
    ),
  },
  {
    id: 'cancellation-and-deletion',
    title: 'Cancellation is not account deletion',
    body: (
      <p>
        Cancelling a subscription stops future payments but keeps your account, your saved searches and your
        content so you can come back. Deleting your account is a separate step in{' '}
        <Link to="/settings">settings</Link>: it is permanent, removes your profile and content, and also ends
        any subscription (no refund is due for the rest of the month).
      </p>
    ),
  },
  {
    id: 'listings',
    title: 'Listings and vetting',
    body: (
      <>
        <p>
          Every property listing and contractor profile is reviewed by our team before it goes live. We may
          ask for changes, refuse a listing or profile, or remove one later if it breaks these terms or the
          law.
        </p>
        <p>
          Vetting is a check, not a guarantee. {BRAND_NAME} is a marketplace, not a letting agent or a party
          to any tenancy or contract for works. Tenants should view a home and check its documents before
          paying anything or signing a tenancy.
        </p>
      </>
    ),
  },
  {
    id: 'landlord-obligations',
    title: 'Landlord obligations',
    body: (
      <>
        <p>
          If you list a home, you promise to meet the law where the home is. In England, the Renters' Rights
          Act 2025 applies from 1 May 2026: local councils can fine a landlord up to £7,000 for a breach of
          these rules.
        </p>
        <ul>
          <li>
            your advert states one rent, and you do not invite, encourage or accept offers above it (no
            bidding, no "offers over");
          </li>
          <li>
            in England, every tenancy is an assured periodic tenancy: you do not offer fixed terms or minimum
            terms, and you ask for no more than one month's rent in advance;
          </li>
          <li>
            you do not refuse, or put off, anyone because they have children or receive benefits, in England,
            Wales or Scotland, in your advert, your replies or your choice of tenant;
          </li>
          <li>
            the home has a valid Energy Performance Certificate, rated E or better in England and Wales unless
            a registered exemption applies;
          </li>
        </ul>
        <p>and that:</p>
        <ul>
          <li>
            your advert is accurate and up to date, with real photos of the home, and you remove it once the
            home is let;
          </li>
          <li>
            you are entitled to let the home (for example, with your mortgage lender's or superior landlord's
            consent);
          </li>
          <li>
            the advert gives the material information a tenant needs to decide, including the rent, the
            deposit, the council tax band, the EPC rating and any important restrictions;
          </li>
          <li>
            the deposit you ask for is within the cap set by the Tenant Fees Act 2019: 5 weeks' rent where the
            annual rent is under £50,000 (6 weeks' rent otherwise), or the equivalent law where the home is
            outside England, and you will protect it in a government-approved scheme;
          </li>
          <li>
            you charge no fees that the law prohibits, and you meet your legal duties on safety, licensing and
            Right to Rent checks;
          </li>
          <li>you do not discriminate against anyone in breach of the Equality Act 2010.</li>
          <li>
            if your home is in Scotland, you are registered as a landlord with the local council and give your
            registration number in the advert.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'contractor-obligations',
    title: 'Contractor obligations',
    body: (
      <>
        <p>If you publish a contractor profile, you promise that:</p>
        <ul>
          <li>
            your business details, qualifications and accreditations (such as Gas Safe registration) are true;
          </li>
          <li>you hold the insurance your work requires, including public liability insurance;</li>
          <li>your portfolio shows your own work and your reviews come from real customers;</li>
          <li>you quote clearly and do the work you agree with care and skill, in line with the law.</li>
        </ul>
        <p>Any contract for work is between you and your customer; {BRAND_NAME} is not a party to it.</p>
      </>
    ),
  },
  {
    id: 'acceptable-use',
    title: 'Acceptable use',
    body: (
      <>
        <p>You must not use {BRAND_NAME} to:</p>
        <ul>
          <li>post false, misleading or fraudulent listings, or ask for money for a home you cannot let;</li>
          <li>harass, threaten or discriminate against anyone;</li>
          <li>impersonate someone else or misrepresent who you are;</li>
          <li>send spam, or copy or scrape listings or personal data from the site;</li>
          <li>upload anything unlawful, infringing or harmful, including malware;</li>
          <li>try to get around our security, limits or review process.</li>
        </ul>
      </>
    ),
  },
  {
    id: 'forum-rules',
    title: 'Forum rules',
    body: (
      <ul>
        <li>The tenant forum is for {PLANS.tenant.name} members. Be respectful and stay on topic.</li>
        <li>Do not post other people's personal details, or name and shame individuals.</li>
        <li>No advertising or selling.</li>
        <li>Posts are members' opinions, not legal or financial advice.</li>
        <li>We may remove posts, and suspend members who break these rules.</li>
      </ul>
    ),
  },
  {
    id: 'intellectual-property',
    title: 'Intellectual property',
    body: (
      <p>
        The {BRAND_NAME} name, site and its content belong to us. You keep the rights in what you upload, and
        you give us a non-exclusive, royalty-free licence to host, show and adapt it (for example, resizing
        photos) to run and promote the service while it is published. You must own, or have permission to use,
        every photo and text you upload.
      </p>
    ),
  },
  {
    id: 'liability',
    title: 'Our liability',
    body: (
      <>
        <p>
          Nothing in these terms limits our liability for death or personal injury caused by our negligence,
          for fraud, or for anything else the law does not allow us to limit, and your statutory rights are
          not affected.
        </p>
        <p>
          We are not responsible for what landlords, tenants or contractors do, or for homes or work they
          offer. We are not liable for losses we could not reasonably foresee or for business losses.
          Otherwise, our total liability to you is limited to the amounts you paid us in the 12 months before
          the claim.
        </p>
      </>
    ),
  },
  {
    id: 'termination',
    title: 'Termination and inactive accounts',
    body: (
      <>
        <p>
          You can delete your account at any time. We may suspend or close an account that seriously or
          repeatedly breaks these terms; where it is fair to do so, we will tell you why first and give you a
          chance to put things right.
        </p>
        <p>
          If you have not signed in for 2 years, we may delete your account. We will email you before we do so
          that you can keep it.
        </p>
      </>
    ),
  },
  {
    id: 'governing-law',
    title: 'Governing law',
    body: (
      <p>
        These terms are governed by the law of England and Wales, and the courts of England and Wales can hear
        any dispute. If you live in Scotland or Northern Ireland, you can also bring proceedings in your local
        courts. Questions about these terms: {email}.
      </p>
    ),
  },
];

export default function TermsPage() {
  return (
    <LegalPage
      title={LEGAL_PAGES['/terms-of-service'].name}
      updated={LEGAL_PAGES['/terms-of-service'].updated}
      intro={
        <p>
          These terms apply when you use {BRAND_NAME}, the UK rental marketplace for tenants, landlords and
          contractors. By creating an account or subscribing, you agree to them. Please also read our{' '}
          <Link to="/privacy-policy" className="text-primary-700 underline">
            Privacy Policy
          </Link>
          .
        </p>
      }
      sections={SECTIONS}
    />
  );
}
