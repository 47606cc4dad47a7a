// Privacy Policy (doc 2 "Static pages", §9): 13 sections under UK GDPR and the Data Protection Act 2018.
import { Link } from 'react-router';
import { BRAND_NAME, PROFILE_PHOTO_MAX_BYTES } from '../../../../domain/constants';
import { DATA_EXPORTS_PER_DAY } from '../../../../domain/data-export';
import { LEGAL_PAGES } from '../../../../domain/pages';
import { RETENTION } from '../../../../domain/retention';
import { LegalPage, type LegalSection } from '../components/legal-page';
import { SUPPORT_EMAIL } from '../data/company';

const email = <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>;

const SECTIONS: LegalSection[] = [
  {
    id: 'controller',
    title: 'Who we are',
    body: (
      <>
        <p>
          {BRAND_NAME} ("we", "us") runs the {BRAND_NAME} marketplace for renting homes in the UK. We are the
          controller of the personal data described in this policy, which means we decide why and how it is
          used.
        </p>
        <p>You can reach us about anything in this policy at {email}.</p>
      </>
    ),
  },
  {
    id: 'data-we-collect',
    title: 'The data we collect',
    body: (
      <>
        <p>We collect only what we need to run the service:</p>
        <ul>
          <li>
            <strong>Account details:</strong> your name, email address, account type (tenant, landlord or
            contractor) and your password, which we store only as a secure hash.
          </li>
          <li>
            <strong>Profile details you choose to add:</strong> phone number, a short biography and a profile
            photo (up to {PROFILE_PHOTO_MAX_BYTES / (1024 * 1024)} MB).
          </li>
          <li>
            <strong>What you publish:</strong> property listings and their photos, contractor profiles,
            portfolio images, reviews and forum posts.
          </li>
          <li>
            <strong>Activity in your account:</strong> saved properties, saved searches and alert settings,
            enquiries and leads, and your notification preferences.
          </li>
          <li>
            <strong>References:</strong> when a landlord asks for a reference on an application, the previous
            landlord the tenant named (their name and email address, given to us by the tenant) receives one
            email with a one-time link. If they answer, their answer (tenancy dates, whether the rent was paid
            on time, whether they would let again, and any comments) is shown to the landlord who asked and to
            the tenant it is about, as the email and the form say before anything is typed. Answering is
            optional; we send nothing more if they do not.
          </li>
          <li>
            <strong>Your renter profile (tenants, if you write one):</strong> an introduction, how many people
            would live in the home, pets, your earliest move-in date and, only if you choose, your monthly
            income, whether you have a guarantor, a right to rent share code and a previous landlord's name
            and email. We never ask about children, benefits or nationality.
          </li>
          <li>
            <strong>Messages to us:</strong> what you send through the contact form or by email.
          </li>
          <li>
            <strong>Subscription records:</strong> your plan, its status and payment dates. Card details go
            straight to our payment provider; we never see or store your full card number.
          </li>
          <li>
            <strong>Technical data:</strong> your IP address and browser type in our server logs, and the
            pages viewed on our site.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'how-we-use',
    title: 'How we use your data',
    body: (
      <ul>
        <li>to create and run your account and sign you in;</li>
        <li>to publish your listings, profile and posts after our team has reviewed them;</li>
        <li>
          to show you homes and contractors that match your searches, and to send the alerts you ask for;
        </li>
        <li>to take subscription payments and keep the records the law requires;</li>
        <li>to answer your messages and give support;</li>
        <li>to keep the service safe: preventing fraud, fake listings, spam and misuse;</li>
        <li>to understand which pages are used, from counts of page views, so we can improve the site;</li>
        <li>
          to send marketing emails, but only if you turn them on in your settings (they are off by default).
        </li>
      </ul>
    ),
  },
  {
    id: 'lawful-bases',
    title: 'Our lawful bases',
    body: (
      <>
        <p>Under the UK GDPR we rely on these lawful bases:</p>
        <ul>
          <li>
            <strong>Contract</strong> (Article 6(1)(b)): to provide the account, listings, searches, alerts
            and subscriptions you sign up for.
          </li>
          <li>
            <strong>Legitimate interests</strong> (Article 6(1)(f)): to keep the service secure, to moderate
            content, to measure page use in aggregate and to handle support requests. We have weighed these
            interests against your rights, and you may object (see section 8).
          </li>
          <li>
            <strong>Legal obligation</strong> (Article 6(1)(c)): to keep tax and accounting records of
            payments.
          </li>
          <li>
            <strong>Consent</strong> (Article 6(1)(a)): for marketing emails. You can withdraw consent at any
            time in your settings or with the link in every marketing email.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'sharing',
    title: 'Who we share it with',
    body: (
      <>
        <p>We do not sell your personal data. We share it only with:</p>
        <ul>
          <li>
            <strong>Our payment provider</strong>, which processes card payments for subscriptions;
          </li>
          <li>
            <strong>Our email provider</strong>, which delivers account emails, alerts and replies to your
            messages;
          </li>
          <li>
            <strong>Our hosting provider</strong>, which runs the servers and stores the database and uploaded
            photos;
          </li>
          <li>
            <strong>Other users</strong>, who see what you choose to publish: your listings, your contractor
            profile, your reviews and your forum posts;
          </li>
          <li>
            <strong>The landlord of a home you apply for</strong>, who sees your renter profile as it was when
            you applied; until you apply, nobody else sees it;
          </li>
          <li>
            <strong>Authorities</strong>, such as the police or a court, when the law requires us to.
          </li>
        </ul>
        <p>
          Each provider acts on our instructions under a written contract and may not use your data for
          itself.
        </p>
      </>
    ),
  },
  {
    id: 'international-transfers',
    title: 'International transfers',
    body: (
      <p>
        We keep your data in the UK or the European Economic Area where we can. If a provider processes data
        in another country, we make sure it is protected by UK adequacy regulations or by the ICO's
        International Data Transfer Agreement or the UK Addendum to the EU Standard Contractual Clauses.
      </p>
    ),
  },
  {
    id: 'retention',
    title: 'How long we keep it',
    body: (
      <>
        <p>We keep each kind of data only as long as its purpose needs:</p>
        <ul aria-label="How long we keep each kind of data">
          {RETENTION.map((rule) => (
            <li key={rule.id} id={`retention-${rule.id}`}>
              <strong>{rule.what}:</strong> {rule.kept}{' '}
              <span className="text-slate-600">Why: {rule.why}</span>
            </li>
          ))}
        </ul>
        <p>
          <strong>Your copy.</strong> You can download everything we hold about you, as a JSON file, from{' '}
          <Link to="/settings">Settings</Link> → Your Data → Download my data ({DATA_EXPORTS_PER_DAY} times a
          day; we email you each time).
        </p>
        <p>
          <strong>Deleting your account.</strong> You can delete your account yourself in{' '}
          <Link to="/settings">Settings</Link> → Danger Zone → Delete Account. What happens then is set out
          above.
        </p>
      </>
    ),
  },
  {
    id: 'your-rights',
    title: 'Your rights',
    body: (
      <>
        <p>You have the right to:</p>
        <ul>
          <li>
            <strong>access</strong> the personal data we hold about you (download it yourself in{' '}
            <Link to="/settings">settings</Link>);
          </li>
          <li>
            <strong>rectification</strong>: have inaccurate data corrected (you can edit most of it in your{' '}
            <Link to="/profile">profile</Link>);
          </li>
          <li>
            <strong>erasure</strong>: have your data deleted (you can delete your account in{' '}
            <Link to="/settings">settings</Link>);
          </li>
          <li>
            <strong>restriction</strong> of how we use your data while a concern is looked into;
          </li>
          <li>
            <strong>portability</strong>: receive the data you gave us in a machine-readable format (the same
            download is a JSON file);
          </li>
          <li>
            <strong>objection</strong> to processing based on legitimate interests, and to direct marketing at
            any time;
          </li>
          <li>withdraw consent you have given, without affecting what we did before.</li>
        </ul>
        <p>
          Email {email} to use any of these rights. We answer within one month. If you are unhappy with how we
          have handled your data, you can complain to the Information Commissioner's Office (ICO) at{' '}
          <a href="https://ico.org.uk/make-a-complaint/" target="_blank" rel="noopener noreferrer">
            ico.org.uk
          </a>{' '}
          or on 0303 123 1113. We would appreciate the chance to put things right first.
        </p>
      </>
    ),
  },
  {
    id: 'cookies',
    title: 'Cookies',
    body: (
      <>
        <p>
          We use one cookie: a session cookie that keeps you signed in. It is strictly necessary for the
          service, so it does not need your consent. It is removed when you log out and otherwise expires 30
          days after your last visit.
        </p>
        <p>
          We use no advertising or tracking cookies. We count page views with our own analytics, on our own
          servers, without cookies and without any third party.
        </p>
      </>
    ),
  },
  {
    id: 'security',
    title: 'Security',
    body: (
      <p>
        We protect your data with encrypted connections (HTTPS), passwords stored only as salted Argon2
        hashes, sign-in attempt limits, access to personal data for staff who need it, and regular backups. No
        system is perfectly secure; if a breach puts you at risk, we will tell you and the ICO as the law
        requires.
      </p>
    ),
  },
  {
    id: 'children',
    title: 'Children',
    body: (
      <p>
        {BRAND_NAME} is not intended for anyone under 16, and you must be 18 or over to open an account (see
        our <Link to="/terms-of-service">Terms of Service</Link>). We do not knowingly collect data about
        children. If you think a child has given us personal data, email {email} and we will delete it.
      </p>
    ),
  },
  {
    id: 'changes',
    title: 'Changes to this policy',
    body: (
      <p>
        We may update this policy when the service or the law changes. We will change the date at the top of
        this page, and if a change matters to how we use your data we will email you before it takes effect.
      </p>
    ),
  },
  {
    id: 'contact',
    title: 'Contact us',
    body: (
      <p>
        For any question about your personal data, email {email} or use our{' '}
        <Link to="/contact">contact form</Link>. We reply within 24 hours on working days.
      </p>
    ),
  },
];

export default function PrivacyPage() {
  return (
    <LegalPage
      title={LEGAL_PAGES['/privacy-policy'].name}
      updated={LEGAL_PAGES['/privacy-policy'].updated}
      intro={
        <p>
          This policy explains what personal data {BRAND_NAME} collects when you use our website as a tenant,
          landlord or contractor, why we use it and the rights you have under UK data protection law (the UK
          GDPR and the Data Protection Act 2018).
        </p>
      }
      sections={SECTIONS}
    />
  );
}
