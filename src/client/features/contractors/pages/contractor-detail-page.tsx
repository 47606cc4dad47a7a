// /contractors/{id} (doc 1 "Contractor detail"): header, About, Services Offered, portfolio, Recent Reviews, Contact
// Information and Quick Stats (only figures a record backs: issue 28), What we checked (the admin's recorded checks
// behind the "Verified" badge), Request Quote and Call Now for premium members, and 'Contractor Not Found'.

import {
  ArrowLeft,
  Award,
  Briefcase,
  Clock,
  ExternalLink,
  Mail,
  MapPin,
  Phone,
  ShieldCheck,
  Siren,
  Star,
  Wrench,
} from 'lucide-react';
import { Link, useParams } from 'react-router';
import type { TContractorDetail } from '../../../../domain/contractors';
import { isAdmin } from '../../../../domain/identity';
import { initials } from '../../../../domain/names';
import { UpgradePrompt } from '../../../components/plan/upgrade-prompt';
import { Badge } from '../../../components/ui/badge';
import { ButtonLink, buttonClass } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { Alert, EmptyState, Skeleton } from '../../../components/ui/feedback';
import { ErrorPanel } from '../../../components/ui/states';
import { ApiError } from '../../../lib/api';
import { useAuth } from '../../../lib/auth';
import { useDocumentTitle } from '../../../lib/page-meta';
import type { PagePrefetch } from '../../../lib/page-modules';
import { CONTRACTOR_ERROR, contractorQuery, reviewEligibilityQuery, useContractor } from '../api';
import { VerifiedBadge } from '../components/contractor-card';
import { QuoteRequestButton } from '../components/quote-request-button';
import { ReviewsSection } from '../components/reviews-section';
import { StarRating } from '../components/star-rating';
import {
  checkSummary,
  DEFAULT_ABOUT,
  displayName,
  formatDate,
  type QuickStat,
  quickStats,
  servicesOffered,
  telHref,
} from '../format';

/** The profile, in the server's HTML (as this reader sees it: whether they may review or ask for a quote). */
export const prefetch: PagePrefetch = async (client, { params }) => {
  const id = params.id ?? '';
  const contractor = await client.fetchQuery(contractorQuery(id)).catch(() => null);
  // A member who may review is drawn the form with the job it rests on, so nothing moves as the page hydrates.
  if (contractor?.canReview && !contractor.myReview) await client.prefetchQuery(reviewEligibilityQuery(id));
};

export default function ContractorDetailPage() {
  const { id = '' } = useParams();
  const contractor = useContractor(id);
  useDocumentTitle(
    contractor.data ? `${displayName(contractor.data)} — ${contractor.data.specialty}` : undefined,
    contractor.data?.description.slice(0, 160) || undefined,
  );

  if (contractor.isPending) return <DetailSkeleton />;
  if (contractor.isError) {
    if (contractor.error instanceof ApiError && contractor.error.status === 404) return <NotFound />;
    return (
      <div className="mx-auto max-w-3xl px-4 py-12">
        <ErrorPanel
          title={CONTRACTOR_ERROR}
          onRetry={() => contractor.refetch()}
          busy={contractor.isFetching}
        />
      </div>
    );
  }
  return <Profile contractor={contractor.data} />;
}

function NotFound() {
  return (
    <div className="mx-auto max-w-2xl px-4 py-16">
      <EmptyState
        icon={<Wrench className="h-10 w-10" aria-hidden />}
        title="Contractor Not Found"
        action={<ButtonLink to="/contractors">Browse Contractors</ButtonLink>}
      >
        This profile does not exist or is no longer listed.
      </EmptyState>
    </div>
  );
}

function DetailSkeleton() {
  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6" aria-busy="true">
      <span className="sr-only" role="status">
        Loading contractor…
      </span>
      <Skeleton className="h-32 w-full" />
      <div className="mt-6 grid grid-cols-1 gap-6 lg:grid-cols-3">
        <div className="space-y-6 lg:col-span-2">
          <Skeleton className="h-40" />
          <Skeleton className="h-56" />
        </div>
        <Skeleton className="h-72" />
      </div>
    </div>
  );
}

function Profile({ contractor }: { contractor: TContractorDetail }) {
  const name = displayName(contractor);
  const stats = quickStats(contractor);
  const services = servicesOffered(contractor.services, contractor.specialty);
  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6">
      <Link
        to="/contractors"
        className="inline-flex items-center gap-1 text-sm font-medium text-primary-700 hover:underline"
      >
        <ArrowLeft className="h-4 w-4" aria-hidden />
        Back to contractors
      </Link>

      {contractor.isOwner && contractor.status !== 'live' && (
        <Alert tone="warning" title="Preview" className="mt-4">
          Only you can see this profile until an administrator approves it.
        </Alert>
      )}

      <header className="mt-4 flex flex-col gap-5 rounded-xl border border-slate-200 bg-white p-6 shadow-sm sm:flex-row sm:items-center">
        <span className="flex h-20 w-20 shrink-0 items-center justify-center overflow-hidden rounded-full bg-primary-100 text-2xl font-bold text-primary-800">
          {contractor.profileImage ? (
            <img src={contractor.profileImage} alt="" className="h-full w-full object-cover" />
          ) : (
            initials(contractor.firstName ?? name, contractor.lastName ?? name.split(' ')[1], 'C')
          )}
        </span>
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-2">
            <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{name}</h1>
            {contractor.verified && (
              <a
                href="#checks"
                className="rounded-full focus-visible:outline-2 focus-visible:outline-primary-700"
              >
                <VerifiedBadge />
              </a>
            )}
          </div>
          <p className="mt-1 flex flex-wrap items-center gap-x-4 gap-y-1 text-slate-700">
            <span className="inline-flex items-center gap-1">
              <Wrench className="h-4 w-4 text-slate-500" aria-hidden />
              {contractor.specialty}
            </span>
            {contractor.serviceArea && (
              <span className="inline-flex items-center gap-1">
                <MapPin className="h-4 w-4 text-slate-500" aria-hidden />
                {contractor.serviceArea}
              </span>
            )}
            {contractor.emergencyCallouts && (
              <Badge variant="warning">
                <Siren className="h-3.5 w-3.5" aria-hidden />
                Emergency call-outs
              </Badge>
            )}
          </p>
          <div className="mt-2">
            <StarRating
              rating={contractor.rating}
              reviewCount={contractor.reviewCount}
              verifiedReviewCount={contractor.verifiedReviewCount}
              size="lg"
            />
          </div>
        </div>
      </header>

      <div className="mt-6 grid grid-cols-1 gap-6 lg:grid-cols-3">
        <div className="space-y-6 lg:col-span-2">
          <Card>
            <CardHeader>
              <CardTitle>About</CardTitle>
            </CardHeader>
            <CardContent>
              <p className="whitespace-pre-line text-slate-700">
                {contractor.description.trim() || DEFAULT_ABOUT}
              </p>
              {contractor.serviceAreas.length > 1 && (
                <p className="mt-3 text-sm text-slate-700">
                  <span className="font-medium">Covers:</span> {contractor.serviceAreas.join(', ')}
                </p>
              )}
            </CardContent>
          </Card>

          <Card>
            <CardHeader>
              <CardTitle>Services Offered</CardTitle>
            </CardHeader>
            <CardContent>
              <ul className="flex flex-wrap gap-2">
                {services.map((service) => (
                  <li key={service}>
                    <Badge variant="neutral" className="px-3 py-1 text-sm font-medium">
                      {service}
                    </Badge>
                  </li>
                ))}
              </ul>
            </CardContent>
          </Card>

          {contractor.images.length > 0 && (
            <Card>
              <CardHeader>
                <CardTitle>Portfolio</CardTitle>
              </CardHeader>
              <CardContent>
                <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3">
                  {contractor.images.map((image, i) => (
                    <li key={image.url}>
                      <a href={image.url} target="_blank" rel="noopener noreferrer">
                        <img
                          src={image.thumbUrl ?? image.url}
                          alt={`${name}: job ${i + 1}`}
                          loading="lazy"
                          className="aspect-[4/3] w-full rounded-lg object-cover"
                        />
                      </a>
                    </li>
                  ))}
                </ul>
              </CardContent>
            </Card>
          )}

          <ReviewsSection contractor={contractor} />
        </div>

        <aside className="space-y-6">
          <ContactCard contractor={contractor} />
          <Card>
            <CardHeader>
              <CardTitle>Quick Stats</CardTitle>
            </CardHeader>
            <CardContent>
              <dl className="space-y-3 text-sm" data-testid="quick-stats">
                {stats.map((stat) => (
                  <Stat key={stat.key} icon={STAT_ICONS[stat.key]} stat={stat} />
                ))}
              </dl>
            </CardContent>
          </Card>
          <ChecksCard contractor={contractor} />
        </aside>
      </div>
    </div>
  );
}

const STAT_ICONS: Record<QuickStat['key'], typeof Star> = {
  experience: Award,
  jobs: Briefcase,
  responseTime: Clock,
  rating: Star,
};

function Stat({ icon: Icon, stat }: { icon: typeof Star; stat: QuickStat }) {
  return (
    <div className="flex items-start justify-between gap-4">
      <dt className="flex items-center gap-2 text-slate-600">
        <Icon className="h-4 w-4 text-primary-700" aria-hidden />
        {stat.label}
      </dt>
      <dd className="text-right">
        <span className="font-semibold text-slate-900">{stat.value}</span>
        {stat.note && <span className="mt-0.5 block text-xs text-slate-600">{stat.note}</span>}
      </dd>
    </div>
  );
}

/** What Your Place checked (issue 28): each document an admin saw, when, and until when it holds. */
function ChecksCard({ contractor }: { contractor: TContractorDetail }) {
  const auth = useAuth();
  const admin = isAdmin(auth.user);
  if (contractor.checks.length === 0 && !admin) return null;
  return (
    <Card id="checks">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <ShieldCheck className="h-5 w-5 text-primary-700" aria-hidden />
          What we checked
        </CardTitle>
      </CardHeader>
      <CardContent className="space-y-3 text-sm">
        {contractor.checks.length === 0 ? (
          <p className="text-slate-600">Nothing recorded yet.</p>
        ) : (
          <ul className="space-y-3" data-testid="trade-checks">
            {contractor.checks.map((check) => (
              <li key={`${check.kind}-${check.checkedAt}`}>
                <p className="font-medium text-slate-900">{checkSummary(check)}</p>
                <p className="text-slate-600">
                  Checked by Your Place on {formatDate(check.checkedAt)}; valid until{' '}
                  {formatDate(check.expiresOn)}
                </p>
              </li>
            ))}
          </ul>
        )}
        {admin && (
          <ButtonLink to={`/admin/trade-checks?contractor=${contractor.id}`} variant="outline" size="sm">
            Record or revoke a check
          </ButtonLink>
        )}
      </CardContent>
    </Card>
  );
}

/** Contact Information with Request Quote and Call Now: for a plan that hires trades (src/domain/plans.ts). */
function ContactCard({ contractor }: { contractor: TContractorDetail }) {
  const auth = useAuth();
  if (!contractor.contactVisible) {
    return (
      <Card>
        <CardHeader>
          <CardTitle>Contact Information</CardTitle>
        </CardHeader>
        <CardContent>
          <UpgradePrompt
            feature="hireContractors"
            title={`Contact ${displayName(contractor)}`}
            headingLevel="h3"
          />
        </CardContent>
      </Card>
    );
  }
  return (
    <Card>
      <CardHeader>
        <CardTitle>Contact Information</CardTitle>
      </CardHeader>
      <CardContent className="space-y-4">
        <dl className="space-y-2 text-sm">
          {contractor.phone && (
            <div className="flex items-center gap-2">
              <dt>
                <Phone className="h-4 w-4 text-slate-500" aria-hidden />
                <span className="sr-only">Phone</span>
              </dt>
              <dd>
                <a href={telHref(contractor.phone)} className="text-primary-700 hover:underline">
                  {contractor.phone}
                </a>
              </dd>
            </div>
          )}
          {contractor.email && (
            <div className="flex items-center gap-2">
              <dt>
                <Mail className="h-4 w-4 text-slate-500" aria-hidden />
                <span className="sr-only">Email</span>
              </dt>
              <dd className="min-w-0 break-all">
                <a href={`mailto:${contractor.email}`} className="text-primary-700 hover:underline">
                  {contractor.email}
                </a>
              </dd>
            </div>
          )}
          <div className="flex items-center gap-2">
            <dt>
              <MapPin className="h-4 w-4 text-slate-500" aria-hidden />
              <span className="sr-only">Service area</span>
            </dt>
            <dd className="text-slate-700">{contractor.serviceAreas.join(', ') || 'UK wide'}</dd>
          </div>
          {contractor.website && (
            <div className="flex items-center gap-2">
              <dt>
                <ExternalLink className="h-4 w-4 text-slate-500" aria-hidden />
                <span className="sr-only">Website</span>
              </dt>
              <dd className="min-w-0 break-all">
                <a
                  href={contractor.website}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="text-primary-700 hover:underline"
                >
                  Visit Website<span className="sr-only"> (opens in a new tab)</span>
                </a>
              </dd>
            </div>
          )}
        </dl>
        {contractor.canRequestQuote && (
          <QuoteRequestButton contractorId={contractor.id} businessName={displayName(contractor)} />
        )}
        {contractor.phone && !contractor.isOwner && (
          <a href={telHref(contractor.phone)} className={buttonClass('outline', 'lg', 'w-full')}>
            <Phone className="h-5 w-5" aria-hidden />
            Call Now
          </a>
        )}
        {contractor.isOwner && (
          <ButtonLink to="/contractor-profile" variant="outline" className="w-full">
            Edit your profile
          </ButtonLink>
        )}
        {!contractor.canRequestQuote && !contractor.isOwner && auth.user?.userType === 'contractor' && (
          <p className="text-xs text-slate-600">Quote requests are for tenants and landlords.</p>
        )}
      </CardContent>
    </Card>
  );
}
