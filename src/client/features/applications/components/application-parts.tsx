// Pieces both sides' pages show of an application (issue 31): its status, the offer, the reason it was declined, and
// the applicant's profile as it was when they applied.
import { Badge } from '../../../components/ui/badge';
import { dayLabel, formatPounds, instantLabel, profileRows, statusBadge } from '../format';
import type { ApplicationView, ProfileSnapshot } from '../types';
import { ReferencesSlot } from './references-slot';

export function StatusBadge({ status }: { status: ApplicationView['status'] }) {
  const badge = statusBadge(status);
  return (
    <Badge variant={badge.variant} data-testid="application-status">
      {badge.label}
    </Badge>
  );
}

/** A label and its value, as a row of a definition list. */
export function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium uppercase tracking-wide text-slate-600">{label}</dt>
      <dd className="break-words text-slate-900">{children}</dd>
    </div>
  );
}

export function OfferFacts({ offer }: { offer: NonNullable<ApplicationView['offer']> }) {
  return (
    <dl className="grid grid-cols-1 gap-3 min-[420px]:grid-cols-3" data-testid="offer">
      <Fact label="Start date">{dayLabel(offer.startDate)}</Fact>
      <Fact label="Rent">{formatPounds(offer.rent)} per month</Fact>
      <Fact label="Deposit">{formatPounds(offer.deposit)}</Fact>
    </dl>
  );
}

export function DeclineFacts({ decline }: { decline: NonNullable<ApplicationView['decline']> }) {
  return (
    <p className="text-sm text-slate-800" data-testid="decline-reason">
      <span className="font-medium">Reason: </span>
      {decline.reasonLabel}
      {decline.note ? ` (${decline.note})` : ''} · {instantLabel(decline.declinedAt)}
    </p>
  );
}

/** The profile snapshot: the same rows, in the same order, for every applicant. */
export function ProfileFacts({ profile }: { profile: ProfileSnapshot }) {
  return (
    <div className="space-y-3">
      {profile.introduction && (
        <p className="whitespace-pre-wrap break-words text-slate-800">{profile.introduction}</p>
      )}
      <dl className="grid grid-cols-1 gap-3 sm:grid-cols-2" data-testid="applicant-profile">
        {profileRows(profile).map((row) => (
          <Fact key={row.label} label={row.label}>
            {row.value}
          </Fact>
        ))}
      </dl>
    </div>
  );
}

/**
 * What an application says, the same on both sides' pages: the applicant's message, the profile (to the landlord:
 * the tenant has their own profile page), the offer, the reason it was declined, and its references.
 */
export function ApplicationRecord({
  application,
  viewer,
}: {
  application: ApplicationView;
  viewer: 'tenant' | 'landlord';
}) {
  return (
    <>
      {application.message && (
        <p className="rounded-md bg-slate-50 p-3 text-sm text-slate-800">
          <span className="font-medium">{viewer === 'tenant' ? 'Your message: ' : 'Their message: '}</span>
          <span className="whitespace-pre-wrap break-words">{application.message}</span>
        </p>
      )}
      {viewer === 'landlord' && <ProfileFacts profile={application.profile} />}
      {application.offer && (
        <section
          aria-label={viewer === 'tenant' ? 'The offer' : 'Your offer'}
          className="rounded-lg border border-amber-200 bg-amber-50/50 p-3"
        >
          <h3 className="mb-2 font-medium text-slate-900">
            {viewer === 'tenant' ? 'The offer' : 'Your offer'} · {instantLabel(application.offer.offeredAt)}
          </h3>
          <OfferFacts offer={application.offer} />
        </section>
      )}
      {application.decline && <DeclineFacts decline={application.decline} />}
      <ReferencesSlot application={application} viewer={viewer} />
    </>
  );
}
