// /properties/{id} (doc 1 "Property detail"): photos, the facts, the money (rent, and the deposit exactly as the landlord gave it), the
// summary a renter checks (EPC, council tax, furnishing, pets, bills), the tenancy in its nation's terms, Save and Share, and the contact panel by access level.
// The server records the signed-in view when it answers the GET: nothing more is sent from here.

import {
  ArrowLeft,
  Bath,
  BedDouble,
  Check,
  Dumbbell,
  Home,
  type LucideIcon,
  MapPin,
  PawPrint,
  Ruler,
  SearchX,
  Share2,
  SquareParking,
  Wifi,
} from 'lucide-react';
import { Link, useNavigate, useParams } from 'react-router';
import { STREET_ONLY_NOTE } from '../../../../domain/addresses';
import {
  BILL_LABELS,
  DEPOSIT_RULES,
  EPC_EXEMPTION_LABELS,
  HOLDING_DEPOSIT_RULES,
  NATION_LABELS,
  PET_POLICY_LABELS,
  tenancyTerms,
} from '../../../../domain/advert-rules';
import { ownerNotice } from '../../../../domain/availability';
import { formatPence } from '../../../../domain/money';
import type { TPropertyDetail } from '../../../../domain/properties';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Skeleton } from '../../../components/ui/feedback';
import { ErrorPanel } from '../../../components/ui/states';
import { ApiError } from '../../../lib/api';
import { useAuth } from '../../../lib/auth';
import { useDocumentTitle } from '../../../lib/page-meta';
import type { PagePrefetch } from '../../../lib/page-modules';
import { toast } from '../../../lib/toast';
import { PROPERTY_ERROR, propertyQuery, useProperty } from '../api';
import { AvailabilityBadge, ReducedNote } from '../components/availability-badge';
import { ContactPanel } from '../components/contact-panel';
import { DistrictMapPanel } from '../components/district-map-panel';
import { Gallery } from '../components/gallery';
import { SavePropertyButton } from '../components/save-buttons';
import {
  areaLabel,
  availableFromLabel,
  bedroomsLabel,
  furnishedLabel,
  propertyTypeLabel,
  rentPcm,
} from '../format';

/** Amenities with their own icon (doc 1: wifi, parking, pets, gym, matched case-insensitively). */
const AMENITY_ICONS: Array<[RegExp, LucideIcon]> = [
  [/wi-?fi|broadband|internet/i, Wifi],
  [/parking|garage/i, SquareParking],
  [/pet/i, PawPrint],
  [/gym/i, Dumbbell],
];

export function amenityIcon(amenity: string): LucideIcon {
  return AMENITY_ICONS.find(([pattern]) => pattern.test(amenity))?.[1] ?? Check;
}

function DetailSkeleton() {
  return (
    <div className="mx-auto max-w-7xl px-4 py-6 sm:px-6 lg:px-8" aria-busy="true">
      <span className="sr-only" role="status">
        Loading property…
      </span>
      <Skeleton className="h-5 w-40" />
      <div className="mt-6 grid gap-8 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <Skeleton className="aspect-[4/3] w-full rounded-xl" />
        <div className="space-y-4">
          <Skeleton className="h-8 w-3/4" />
          <Skeleton className="h-5 w-1/2" />
          <Skeleton className="h-9 w-1/3" />
          <Skeleton className="h-40 w-full" />
        </div>
      </div>
    </div>
  );
}

function useGoBack() {
  const navigate = useNavigate();
  return () => {
    // React Router numbers its history entries: idx > 0 means there is a page of ours to go back to.
    const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (idx > 0) navigate(-1);
    else navigate('/properties');
  };
}

async function shareProperty(property: TPropertyDetail) {
  const url = `${window.location.origin}/properties/${property.id}`;
  if (typeof navigator.share === 'function') {
    try {
      await navigator.share({
        title: property.title,
        text: `${property.title}, ${rentPcm(property.monthlyRentPence)}`,
        url,
      });
      return;
    } catch (error) {
      // The person closed the share sheet: nothing to say.
      if ((error as Error)?.name === 'AbortError') return;
    }
  }
  try {
    await navigator.clipboard.writeText(url);
    toast({ title: 'Link copied', description: 'The link to this property is on your clipboard.' });
  } catch {
    toast({
      title: 'Error',
      description: `Could not copy the link. Copy it from here: ${url}`,
      variant: 'destructive',
    });
  }
}

function Fact({ icon: Icon, label, value }: { icon: LucideIcon; label: string; value: string }) {
  // dt and dd stay direct children of the group; the icon sits inside the dt.
  return (
    <div className="relative rounded-lg bg-slate-50 p-3 pl-11">
      <dt className="text-xs text-slate-600">
        <Icon className="absolute left-3 top-1/2 h-5 w-5 -translate-y-1/2 text-primary-700" aria-hidden />
        {label}
      </dt>
      <dd className="font-semibold text-slate-900">{value}</dd>
    </div>
  );
}

/** The listing, in the server's HTML (as this visitor sees it: contact details, saved). */
export const prefetch: PagePrefetch = (client, { params }) =>
  client.prefetchQuery(propertyQuery(params.id ?? ''));

export default function PropertyDetailPage() {
  const { id = '' } = useParams();
  const auth = useAuth();
  const property = useProperty(id);
  const goBack = useGoBack();
  useDocumentTitle(property.data?.title);

  if (property.isPending) return <DetailSkeleton />;
  if (property.isError) {
    if (property.error instanceof ApiError && property.error.status === 404) {
      return (
        <div className="mx-auto flex max-w-xl flex-col items-center px-4 py-16 text-center sm:py-24">
          <SearchX className="h-12 w-12 text-slate-400" aria-hidden />
          <h1 className="mt-4 text-2xl font-bold text-slate-900">Property Not Found</h1>
          <p className="mt-2 text-slate-600">This listing may have been let or taken down by the landlord.</p>
          <Button onClick={goBack} className="mt-6">
            <ArrowLeft className="h-4 w-4" aria-hidden />
            Go Back
          </Button>
        </div>
      );
    }
    return (
      <div className="mx-auto max-w-3xl px-4 py-16">
        <h1 className="sr-only">Property</h1>
        <ErrorPanel title={PROPERTY_ERROR} onRetry={() => property.refetch()} busy={property.isFetching} />
      </div>
    );
  }

  const p = property.data;
  const facts = [
    { icon: BedDouble, label: 'Bedrooms', value: p.bedrooms === 0 ? bedroomsLabel(0) : p.bedrooms },
    { icon: Bath, label: 'Bathrooms', value: p.bathrooms },
    { icon: Ruler, label: 'Area', value: areaLabel(p.area) },
    { icon: Home, label: 'Type', value: propertyTypeLabel(p.propertyType) },
  ].filter((f) => f.value !== null && f.value !== undefined);
  const town = [p.location, p.outcode].filter(Boolean).join(', ');

  return (
    <div className="mx-auto max-w-7xl px-4 py-6 sm:px-6 lg:px-8">
      <Link
        to="/properties"
        className="inline-flex items-center gap-1.5 text-sm font-medium text-primary-700 hover:underline"
      >
        <ArrowLeft className="h-4 w-4" aria-hidden />
        Back to properties
      </Link>

      {ownerNotice(p.status) && (
        <div
          role="note"
          data-testid="owner-notice"
          className="mt-4 rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950"
        >
          {ownerNotice(p.status)}
        </div>
      )}

      {/* On a wide screen the title, rent and key facts sit beside the photos, in the first screen; the contact
          panel follows them in that column. On a phone everything stacks in reading order: photos, title and
          facts, the details, then the contact panel. */}
      <div className="mt-4 grid gap-8 lg:grid-cols-[minmax(0,1fr)_22rem] lg:grid-rows-[auto_1fr_auto]">
        <div className="min-w-0 lg:col-start-1 lg:row-span-2 lg:row-start-1">
          <Gallery images={p.images} title={p.title} />
        </div>

        <div className="min-w-0 space-y-6 lg:col-start-2 lg:row-start-1" data-testid="detail-summary">
          <header className="space-y-3">
            <div className="flex flex-wrap items-center gap-2">
              <AvailabilityBadge listing={p} />
              <ReducedNote rentReducedAt={p.rentReducedAt} />
              <Badge variant="neutral">{propertyTypeLabel(p.propertyType)}</Badge>
            </div>
            <h1 className="break-words text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl lg:text-2xl">
              {p.title}
            </h1>
            <p className="flex items-start gap-1.5 text-slate-700">
              <MapPin className="mt-0.5 h-5 w-5 shrink-0 text-slate-500" aria-hidden />
              <span className="break-words" data-testid="detail-address">
                {[p.address, p.postcode].filter(Boolean).join(', ')}
              </span>
            </p>
            <p className="text-3xl font-bold text-slate-900" data-testid="detail-rent">
              {rentPcm(p.monthlyRentPence)}
            </p>
            <div className="flex flex-wrap gap-2 pt-1">
              <SavePropertyButton propertyId={p.id} saved={p.saved} signedIn={auth.isAuthenticated} />
              <Button
                variant="outline"
                onClick={() => shareProperty(p)}
                className="flex-1 whitespace-nowrap sm:flex-none"
              >
                <Share2 className="h-4 w-4" aria-hidden />
                Share Property
              </Button>
            </div>
          </header>

          <section aria-labelledby="facts-heading">
            <h2 id="facts-heading" className="sr-only">
              Key facts
            </h2>
            <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4 lg:grid-cols-2">
              {facts.map((fact) => (
                <Fact key={fact.label} icon={fact.icon} label={fact.label} value={String(fact.value)} />
              ))}
            </dl>
          </section>
        </div>

        <div className="min-w-0 space-y-8 lg:col-start-1 lg:row-start-3">
          <section aria-labelledby="description-heading">
            <h2 id="description-heading" className="text-xl font-semibold text-slate-900">
              About this home
            </h2>
            <p className="mt-3 whitespace-pre-line break-words leading-relaxed text-slate-700">
              {p.description || 'The landlord has not added a description yet.'}
            </p>
          </section>

          <section aria-labelledby="summary-heading">
            <h2 id="summary-heading" className="text-xl font-semibold text-slate-900">
              Summary
            </h2>
            <dl className="mt-3 divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
              {[
                ['Property type', propertyTypeLabel(p.propertyType)],
                ['Available from', availableFromLabel(p.availableFrom)],
                ['Monthly rent', rentPcm(p.monthlyRentPence)],
              ].map(([label, value]) => (
                <div key={label} className="flex justify-between gap-4 px-4 py-3">
                  <dt className="text-slate-600">{label}</dt>
                  <dd className="text-right font-medium text-slate-900">{value}</dd>
                </div>
              ))}
              <div className="flex justify-between gap-4 px-4 py-3">
                <dt className="text-slate-600">{DEPOSIT_RULES[p.nation].label}</dt>
                <dd className="text-right">
                  {/* Exactly what the landlord gave: never a figure computed in their place. */}
                  <span className="font-medium text-slate-900" data-testid="detail-deposit">
                    {p.depositPence === null ? 'Not stated' : formatPence(p.depositPence)}
                  </span>
                  <span className="block text-xs text-slate-600">
                    By law in {NATION_LABELS[p.nation]}: {DEPOSIT_RULES[p.nation].capText}
                  </span>
                </dd>
              </div>
              <div className="flex justify-between gap-4 px-4 py-3">
                <dt className="text-slate-600">Holding deposit</dt>
                <dd className="text-right">
                  <span className="font-medium text-slate-900" data-testid="detail-holding-deposit">
                    {p.holdingDepositPence === null ? 'Not stated' : formatPence(p.holdingDepositPence)}
                  </span>
                  {HOLDING_DEPOSIT_RULES[p.nation] && (
                    <span className="block text-xs text-slate-600">
                      At most 1 week’s rent; normally goes towards the first rent or deposit
                    </span>
                  )}
                </dd>
              </div>
              {[
                ['EPC rating', p.epcRating ?? (p.epcExemption ? 'Exempt' : 'Not stated')],
                ...(p.epcExemption
                  ? [
                      [
                        'EPC exemption',
                        `${EPC_EXEMPTION_LABELS[p.epcExemption.kind]} (PRS Exemptions Register ${p.epcExemption.reference})`,
                      ],
                    ]
                  : []),
                ['Council tax band', p.councilTaxBand ? `Band ${p.councilTaxBand}` : 'Not stated'],
                ['Furnishing', furnishedLabel(p.furnished)],
                ['Pets', p.pets ? PET_POLICY_LABELS[p.pets] : 'Not stated'],
                [
                  'Bills included',
                  p.billsIncluded.length > 0
                    ? p.billsIncluded.map((b) => BILL_LABELS[b]).join(', ')
                    : 'None stated',
                ],
                ...(p.nation === 'scotland'
                  ? [['Landlord registration number', p.landlordRegistrationNumber ?? 'Not stated']]
                  : []),
              ].map(([label, value]) => (
                <div key={label} className="flex justify-between gap-4 px-4 py-3">
                  <dt className="text-slate-600">{label}</dt>
                  <dd className="text-right font-medium text-slate-900">{value}</dd>
                </div>
              ))}
            </dl>
          </section>

          <TenancySection property={p} />

          {p.amenities.length > 0 && (
            <section aria-labelledby="amenities-heading">
              <h2 id="amenities-heading" className="text-xl font-semibold text-slate-900">
                Amenities
              </h2>
              <ul className="mt-3 grid grid-cols-1 gap-2 sm:grid-cols-2">
                {p.amenities.map((amenity) => {
                  const Icon = amenityIcon(amenity);
                  return (
                    <li key={amenity} className="flex items-center gap-2 text-slate-800">
                      <Icon className="h-5 w-5 shrink-0 text-primary-700" aria-hidden />
                      {amenity}
                    </li>
                  );
                })}
              </ul>
            </section>
          )}

          <section aria-labelledby="location-heading">
            <h2 id="location-heading" className="text-xl font-semibold text-slate-900">
              Location
            </h2>
            <div className="mt-3 flex items-center gap-4 rounded-t-xl border border-slate-200 bg-slate-50 p-5">
              <span className="rounded-full bg-primary-100 p-3 text-primary-800">
                <MapPin className="h-6 w-6" aria-hidden />
              </span>
              <div>
                <p className="text-lg font-semibold text-slate-900" data-testid="detail-postcode">
                  {p.postcode}
                </p>
                {town && <p className="text-sm text-slate-600">{town}</p>}
                {p.addressPrecision === 'street' && (
                  <p className="mt-1 text-sm text-slate-600" data-testid="address-note">
                    {STREET_ONLY_NOTE}
                  </p>
                )}
              </div>
            </div>
            <DistrictMapPanel property={p} />
          </section>
        </div>

        <aside
          aria-label="Contact"
          className="lg:sticky lg:top-4 lg:col-start-2 lg:row-span-2 lg:row-start-2 lg:self-start"
        >
          <ContactPanel property={p} loading={auth.isLoading} />
        </aside>
      </div>
    </div>
  );
}

/** The tenancy the home is offered on, in its nation's terms, with the law and a link to what we check. */
function TenancySection({ property: p }: { property: TPropertyDetail }) {
  const terms = tenancyTerms(p.nation, p.occupationContract);
  return (
    <section aria-labelledby="tenancy-heading">
      <h2 id="tenancy-heading" className="text-xl font-semibold text-slate-900">
        Tenancy
      </h2>
      <div className="mt-3 rounded-xl border border-slate-200 bg-white px-4 py-3 text-slate-700">
        <p className="font-medium text-slate-900" data-testid="detail-tenancy">
          {terms.name} ({NATION_LABELS[p.nation]})
        </p>
        <ul className="mt-2 list-disc space-y-1 pl-5">
          {terms.points.map((point) => (
            <li key={point}>{point}</li>
          ))}
        </ul>
        <p className="mt-2 text-sm text-slate-600">
          Source:{' '}
          <a className="underline" href={terms.law.url} rel="noopener noreferrer" target="_blank">
            {terms.law.title}
          </a>
          .{' '}
          <Link className="underline" to="/what-we-check">
            What we check before a listing goes live
          </Link>
        </p>
      </div>
    </section>
  );
}
