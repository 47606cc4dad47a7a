// One of the landlord's own properties on the dashboard (doc 1 "Landlord dashboard"): first photo or placeholder,
// where it stands (Available/Occupied when live, and its review state), title, address, rent, bedrooms (0 as
// Studio), bathrooms, and Edit (subscribers only), View and Delete.

import {
  Bath,
  BedDouble,
  CalendarDays,
  ClipboardList,
  Eye,
  MapPin,
  Pencil,
  ShieldCheck,
  Trash2,
} from 'lucide-react';
import { useId, useState } from 'react';
import { APPLICATION_PAGES } from '../../../../domain/applications';
import {
  applicationsDeclinedWarning,
  LET_AGREED_VISIBLE_DAYS,
  viewingsCalledOffWarning,
} from '../../../../domain/availability';
import type { TComplianceSummary } from '../../../../domain/compliance';
import type { TLandlordProperty } from '../../../../domain/listings';
import { Badge } from '../../../components/ui/badge';
import { Button, ButtonLink } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/dialog';
import { errorMessage } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { ComplianceStatusBadge, longDay } from '../../compliance/components/compliance-status';
import { ListingImage } from '../../properties/components/listing-image';
import { bathroomsLabel, formatDate, rentPcm } from '../../properties/format';
import { type LifecycleAction, useListingLifecycle } from '../api';

type BadgeVariant = 'success' | 'warning' | 'danger' | 'neutral';

interface ReviewState {
  badges: Array<{ label: string; variant: BadgeVariant }>;
  /** The admin's words when something was turned down. */
  notes: { heading: string; text: string | null } | null;
}

/**
 * Paused by the daily law check (its grace ended): it comes back through an approved edit that meets the law, not a
 * confirmation or a relist (the API refuses those, 409).
 */
function isPausedByLaw(property: TLandlordProperty): boolean {
  return property.lawPausesAt !== null && new Date(property.lawPausesAt).getTime() <= Date.now();
}

/** What the card says about a property: its availability when live, and where its review stands. */
export function reviewStateOf(property: TLandlordProperty): ReviewState {
  const latest = property.latestSubmission;
  switch (property.status) {
    case 'pending':
      return { badges: [{ label: 'Pending review', variant: 'warning' }], notes: null };
    case 'rejected':
      return {
        badges: [{ label: 'Rejected', variant: 'danger' }],
        notes: { heading: 'Why it was not approved', text: latest?.adminNotes ?? null },
      };
    case 'withdrawn':
      return { badges: [{ label: 'Withdrawn', variant: 'neutral' }], notes: null };
    case 'paused':
      return {
        badges: [
          isPausedByLaw(property)
            ? { label: 'Paused: edit to meet the law', variant: 'danger' }
            : { label: 'Paused: confirm to relist', variant: 'warning' },
        ],
        notes: null,
      };
    case 'let':
      return { badges: [{ label: 'Let', variant: 'neutral' }], notes: null };
    default: {
      const badges: ReviewState['badges'] = [
        property.letAgreedAt
          ? { label: 'Let agreed', variant: 'neutral' }
          : property.available
            ? { label: 'Available', variant: 'success' }
            : { label: 'Occupied', variant: 'neutral' },
      ];
      if (property.confirmationDue) badges.push({ label: 'Still available?', variant: 'warning' });
      if (latest?.submissionStatus === 'pending')
        badges.push({ label: 'Changes pending review', variant: 'warning' });
      if (latest?.submissionStatus === 'rejected') {
        badges.push({ label: 'Changes rejected', variant: 'danger' });
        return { badges, notes: { heading: 'Why your changes were not approved', text: latest.adminNotes } };
      }
      return { badges, notes: null };
    }
  }
}

export function LandlordPropertyCard({
  property,
  canEdit,
  onEdit,
  onDelete,
  compliance,
}: {
  property: TLandlordProperty;
  canEdit: boolean;
  onEdit: () => void;
  onDelete: () => void;
  /** The home's compliance badge (decision 0069); absent while loading or when it could not be loaded. */
  compliance?: TComplianceSummary;
}) {
  const id = useId();
  const { badges, notes } = reviewStateOf(property);
  const baths = bathroomsLabel(property.bathrooms);
  const bedrooms =
    property.bedrooms === null
      ? null
      : property.bedrooms === 0
        ? 'Studio'
        : `${property.bedrooms} ${property.bedrooms === 1 ? 'bedroom' : 'bedrooms'}`;
  const submitted = formatDate(property.latestSubmission?.submittedAt);

  return (
    <article
      aria-labelledby={`${id}-title`}
      className="flex h-full flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm"
      data-testid="landlord-property"
    >
      <div className="relative">
        <ListingImage src={property.thumbnailUrl} alt={property.title} />
        <ul className="absolute left-2 top-2 flex flex-wrap gap-1.5" aria-label="Status">
          {badges.map((badge) => (
            <li key={badge.label}>
              <Badge variant={badge.variant} className="shadow-sm">
                {badge.label}
              </Badge>
            </li>
          ))}
        </ul>
      </div>
      <div className="flex flex-1 flex-col p-4">
        <p className="text-xl font-bold text-slate-900">{rentPcm(property.monthlyRentPence)}</p>
        <h3 id={`${id}-title`} className="mt-1 line-clamp-2 font-semibold text-slate-900">
          {property.title}
        </h3>
        <p className="mt-1 flex items-start gap-1.5 text-sm text-slate-600">
          <MapPin className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
          <span className="min-w-0 break-words">
            {property.address}, {property.postcode}
          </span>
        </p>
        <ul className="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-700">
          {bedrooms && (
            <li className="flex items-center gap-1.5">
              <BedDouble className="h-4 w-4 text-slate-500" aria-hidden /> {bedrooms}
            </li>
          )}
          {baths && (
            <li className="flex items-center gap-1.5">
              <Bath className="h-4 w-4 text-slate-500" aria-hidden /> {baths}
            </li>
          )}
        </ul>
        {property.status === 'pending' && submitted && (
          <p className="mt-3 text-sm text-slate-600">
            Submitted {submitted}. Only you can see it until approved.
          </p>
        )}
        {notes && (
          <div className="mt-3 rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-900">
            <p className="font-semibold">{notes.heading}</p>
            <p className="mt-0.5 whitespace-pre-line break-words">{notes.text || 'No reason was given.'}</p>
          </div>
        )}

        <LifecycleActions property={property} />

        {compliance && <ComplianceLine summary={compliance} />}

        <div className="mt-auto flex flex-wrap gap-2 pt-4">
          <Button
            variant="outline"
            size="sm"
            onClick={onEdit}
            disabled={!canEdit}
            title={canEdit ? undefined : 'Editing needs a Landlord Pro subscription'}
            aria-describedby={canEdit ? undefined : `${id}-edit-locked`}
          >
            <Pencil className="h-4 w-4" aria-hidden />
            Edit<span className="sr-only"> {property.title}</span>
          </Button>
          <ButtonLink to={`/properties/${property.id}`} variant="outline" size="sm">
            <Eye className="h-4 w-4" aria-hidden />
            View<span className="sr-only"> {property.title}</span>
          </ButtonLink>
          <ButtonLink to={`/listings/${property.id}/viewings`} variant="outline" size="sm">
            <CalendarDays className="h-4 w-4" aria-hidden />
            Viewings<span className="sr-only"> for {property.title}</span>
          </ButtonLink>
          <ButtonLink to={APPLICATION_PAGES.listingApplicants(property.id)} variant="outline" size="sm">
            <ClipboardList className="h-4 w-4" aria-hidden />
            Applicants<span className="sr-only"> for {property.title}</span>
          </ButtonLink>
          <ButtonLink to={`/listings/${property.id}/compliance`} variant="outline" size="sm">
            <ShieldCheck className="h-4 w-4" aria-hidden />
            Compliance<span className="sr-only"> for {property.title}</span>
          </ButtonLink>
          <Button variant="ghost" size="sm" onClick={onDelete} className="text-red-700 hover:bg-red-50">
            <Trash2 className="h-4 w-4" aria-hidden />
            Delete<span className="sr-only"> {property.title}</span>
          </Button>
        </div>
        {!canEdit && (
          <p id={`${id}-edit-locked`} className="mt-2 text-xs text-slate-600">
            Editing needs a Landlord Pro subscription.
          </p>
        )}
      </div>
    </article>
  );
}

/** The home's compliance at a glance: its worst status and the nearest due date. */
function ComplianceLine({ summary }: { summary: TComplianceSummary }) {
  const words =
    summary.overdue > 0
      ? `${summary.overdue} overdue`
      : summary.dueSoon > 0
        ? `${summary.dueSoon} due soon`
        : 'Up to date';
  return (
    <p
      className="mt-3 flex flex-wrap items-center gap-2 text-sm text-slate-700"
      data-testid="compliance-summary"
    >
      <span className="font-medium">Compliance:</span>
      <ComplianceStatusBadge status={summary.status} />
      <span>{words}</span>
      {summary.nextDueOn && <span className="text-slate-600">next due {longDay(summary.nextDueOn)}</span>}
    </p>
  );
}

/** What the landlord can do with a listing's life: confirm it is still available, mark it let agreed, relist. */
function LifecycleActions({ property }: { property: TLandlordProperty }) {
  const lifecycle = useListingLifecycle();
  // Let agreed calls off the viewings still to come: the landlord is told how many before pressing (decision 0056).
  const [confirmingLet, setConfirmingLet] = useState(false);
  const run = (action: LifecycleAction) =>
    lifecycle.mutate(
      { propertyId: property.id, action },
      {
        onSuccess: (reply) => {
          setConfirmingLet(false);
          toast({ title: 'Listing updated', description: reply.message });
        },
        onError: (error) => {
          setConfirmingLet(false);
          toast({
            title: 'Not changed',
            description: errorMessage(error, 'Please try again.'),
            variant: 'destructive',
          });
        },
      },
    );
  const press = (action: LifecycleAction) => (action === 'let-agreed' ? setConfirmingLet(true) : run(action));
  const busy = lifecycle.isPending;
  const live = property.status === 'live';
  const lines: string[] = [];
  if (live && property.letAgreedAt && property.leavesSearchAt)
    lines.push(
      // Search leaves let-agreed homes out unless asked to include them (decision 0060).
      `Shows "Let agreed" until ${formatDate(property.leavesSearchAt)} on its page and to searches that include let agreed homes, then it is taken down.`,
    );
  if (live && !property.letAgreedAt && property.pausesAt)
    lines.push(
      property.confirmationDue
        ? `Please confirm it is still available, or it is paused on ${formatDate(property.pausesAt)}.`
        : `Last confirmed available ${formatDate(property.confirmedAt)}.`,
    );
  // The daily law check: a rule now in force that the listing breaks (we emailed what to change).
  if (property.lawPausesAt)
    lines.push(
      property.status === 'paused' && isPausedByLaw(property)
        ? 'Paused: it breaks a rule now in force. Edit it to meet the law and it goes live once approved.'
        : `A rule now in force applies to it: edit it by ${formatDate(property.lawPausesAt)}, or it is paused then.`,
    );
  if (property.status === 'paused' && !isPausedByLaw(property))
    lines.push('Hidden from search: confirm it is still available to show it again.');
  if (property.status === 'let') lines.push('Let and out of search. Relist it when it is free again.');
  const pausedByLaw = isPausedByLaw(property);
  const actions: Array<{ action: LifecycleAction; label: string; primary?: boolean }> = [];
  if ((live && !property.letAgreedAt) || (property.status === 'paused' && !pausedByLaw))
    actions.push({
      action: 'confirm-available',
      label: 'Confirm still available',
      primary: property.confirmationDue || property.status === 'paused',
    });
  if (live && !property.letAgreedAt) actions.push({ action: 'let-agreed', label: 'Mark let agreed' });
  if (((live && property.letAgreedAt) || property.status === 'let') && !pausedByLaw)
    actions.push({ action: 'relist', label: 'Relist' });
  if (actions.length === 0 && lines.length === 0) return null;
  return (
    <div className="mt-3 space-y-2">
      {lines.map((line) => (
        <p key={line} className="text-sm text-slate-700">
          {line}
        </p>
      ))}
      <div className="flex flex-wrap gap-2">
        {actions.map(({ action, label, primary }) => (
          <Button
            key={action}
            size="sm"
            variant={primary ? 'primary' : 'outline'}
            busy={busy && lifecycle.variables?.action === action}
            disabled={busy}
            onClick={() => press(action)}
          >
            {label}
            <span className="sr-only"> {property.title}</span>
          </Button>
        ))}
      </div>
      <ConfirmDialog
        open={confirmingLet}
        onOpenChange={(open) => !lifecycle.isPending && setConfirmingLet(open)}
        title="Mark let agreed?"
        description={`“${property.title}” leaves search at once (only those who include let agreed homes see it, marked "Let agreed") and is taken down after ${LET_AGREED_VISIBLE_DAYS} days. ${viewingsCalledOffWarning(property.upcomingViewings)} ${applicationsDeclinedWarning(property.openApplications, 'letAgreed')}`.trim()}
        confirmLabel="Mark let agreed"
        busy={busy}
        onConfirm={() => run('let-agreed')}
      />
    </div>
  );
}
