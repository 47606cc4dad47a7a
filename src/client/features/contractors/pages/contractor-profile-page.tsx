// /contractor-profile: the contractor's business profile (doc 1 "Contractor dashboard": Edit Profile or Create
// Profile), with the state of its review: waiting, approved and live, or rejected with the administrator's notes.
import { ExternalLink } from 'lucide-react';
import type { TOwnContractorProfile } from '../../../../domain/contractors';
import { Badge } from '../../../components/ui/badge';
import { ButtonLink } from '../../../components/ui/button';
import { Card, CardContent } from '../../../components/ui/card';
import { Alert, Skeleton } from '../../../components/ui/feedback';
import { AccessGate, ErrorPanel } from '../../../components/ui/states';
import { useRequiredUser } from '../../accounts/hooks/use-required-user';
import { useOwnProfile } from '../api';
import { emptyProfile, formValuesOf, ProfileForm } from '../components/profile-form';
import { formatDate } from '../format';

export default function ContractorProfilePage() {
  const auth = useRequiredUser('/contractor-profile');
  const isContractor = auth.user?.userType === 'contractor';
  const profile = useOwnProfile(!!auth.user && isContractor);

  if (auth.user && !isContractor) {
    return (
      <AccessGate
        kind="premium"
        title="Business Profiles Are for Contractors"
        actions={
          <ButtonLink to="/profile" size="lg">
            Your profile
          </ButtonLink>
        }
      >
        Contractor accounts publish a business profile here. Your own details are on your profile page.
      </AccessGate>
    );
  }

  return (
    <div className="mx-auto max-w-4xl px-4 py-8 sm:px-6 sm:py-10">
      <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Business Profile</h1>
      <p className="mt-1 text-slate-600">
        What landlords and tenants see when they find you in the directory.
      </p>
      <div className="mt-6 space-y-6">
        {!auth.user || profile.isPending ? (
          <div aria-busy="true">
            <span className="sr-only" role="status">
              Loading your profile…
            </span>
            <Skeleton className="h-96 w-full" />
          </div>
        ) : profile.isError ? (
          <ErrorPanel
            title="Failed to fetch your profile"
            onRetry={() => profile.refetch()}
            busy={profile.isFetching}
          />
        ) : (
          <>
            <ReviewState profile={profile.data} />
            <Card>
              <CardContent className="pt-5">
                <ProfileForm
                  key={profile.data ? `${profile.data.id}:${profile.data.latestSubmission?.id ?? ''}` : 'new'}
                  exists={!!profile.data}
                  canUpload={auth.isPremium}
                  initial={
                    profile.data
                      ? formValuesOf(profile.data.pending ?? profile.data.current)
                      : emptyProfile(auth.user.email)
                  }
                />
              </CardContent>
            </Card>
          </>
        )}
      </div>
    </div>
  );
}

function ReviewState({ profile }: { profile: TOwnContractorProfile | null }) {
  if (!profile) {
    return (
      <Alert tone="info" title="Create your business profile">
        Fill in the form below. Our team checks every profile before it goes live in the directory.
      </Alert>
    );
  }
  const latest = profile.latestSubmission;
  const publicLink = (
    <ButtonLink to={`/contractors/${profile.id}`} variant="link" size="sm">
      {profile.status === 'live' ? 'View your public profile' : 'Preview your profile'}
      <ExternalLink className="h-3.5 w-3.5" aria-hidden />
    </ButtonLink>
  );
  return (
    <div className="space-y-3">
      <p className="flex flex-wrap items-center gap-2 text-sm text-slate-700">
        Status:
        {profile.status === 'live' ? (
          <Badge variant="success">Live</Badge>
        ) : profile.status === 'rejected' ? (
          <Badge variant="danger">Not approved</Badge>
        ) : (
          <Badge variant="warning">Not live yet</Badge>
        )}
        {publicLink}
      </p>
      {latest?.submissionStatus === 'pending' && (
        <Alert tone="warning" title="Waiting for review">
          Your {profile.status === 'live' ? 'changes were' : 'profile was'} sent on{' '}
          {formatDate(latest.submittedAt)}.{' '}
          {profile.status === 'live'
            ? 'Your public profile stays as it is until an administrator approves them.'
            : 'It will appear in the directory once an administrator approves it.'}{' '}
          You can still edit below; the latest version is the one reviewed.
        </Alert>
      )}
      {latest?.submissionStatus === 'rejected' && (
        <Alert tone="error" title="Changes not approved">
          {latest.adminNotes ? (
            <>Notes from our team: {latest.adminNotes}</>
          ) : (
            'Please review your details and send them again.'
          )}
        </Alert>
      )}
      {latest?.submissionStatus === 'approved' && profile.status === 'live' && (
        <Alert tone="success" title="Approved">
          Your latest changes were approved{latest.reviewedAt ? ` on ${formatDate(latest.reviewedAt)}` : ''}.
        </Alert>
      )}
    </div>
  );
}
