// /renter-profile (issue 31 item 1): the tenant's renter profile, written once and sent with each application.
// Free to build on any plan; only its owner sees it until they apply (decision 0064).
import { ShieldCheck } from 'lucide-react';
import { hasRenterProfile, NEVER_ASKED } from '../../../../domain/renter-profile';
import { ButtonLink } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Alert, Skeleton } from '../../../components/ui/feedback';
import { ErrorPanel } from '../../../components/ui/states';
import { useRequiredUser } from '../../accounts/hooks/use-required-user';
import { useRenterProfile } from '../api';
import { RenterProfileForm } from '../components/renter-profile-form';

function FormSkeleton() {
  return (
    <div className="space-y-6" aria-hidden>
      {[0, 1, 2, 3].map((row) => (
        <div key={row} className="space-y-2">
          <Skeleton className="h-4 w-40" />
          <Skeleton className="h-10 w-full" />
        </div>
      ))}
    </div>
  );
}

export default function RenterProfilePage() {
  const { user } = useRequiredUser('/renter-profile');
  const isTenant = hasRenterProfile(user);
  const query = useRenterProfile(isTenant);

  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-8 sm:px-6 sm:py-10">
      <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Renter profile</h1>
      <p className="mt-1 max-w-3xl text-slate-600">
        Write it once and send it with every application. Until you apply, only you can see it. When you apply
        for a home, its landlord sees your profile as it was that day: changes you make later reach only the
        homes you apply for after them.
      </p>

      {user && !isTenant ? (
        <Alert tone="info" title="Renter profiles are for tenant accounts" className="mt-8">
          <p>Tenants build a profile here to send with their applications for homes.</p>
          <ButtonLink to="/dashboard" variant="outline" size="sm" className="mt-3">
            Back to your dashboard
          </ButtonLink>
        </Alert>
      ) : (
        <div className="mt-8 grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_18rem]">
          <Card>
            <CardHeader>
              <CardTitle>Your details</CardTitle>
              <CardDescription>
                Building a profile is free. Applying for a home needs Tenant Premium.
              </CardDescription>
            </CardHeader>
            <CardContent>
              {!user || query.isPending ? (
                <FormSkeleton />
              ) : query.isError ? (
                <ErrorPanel
                  title="Your profile could not be loaded"
                  onRetry={() => query.refetch()}
                  busy={query.isFetching}
                />
              ) : (
                <RenterProfileForm profile={query.data.profile} />
              )}
            </CardContent>
          </Card>
          <aside aria-labelledby="never-asked-heading" className="lg:self-start">
            <Card className="p-5">
              <h2 id="never-asked-heading" className="flex items-center gap-2 font-semibold text-slate-900">
                <ShieldCheck className="h-5 w-5 text-primary-700" aria-hidden /> What we never ask
              </h2>
              <ul className="mt-3 list-disc space-y-1 pl-5 text-sm text-slate-700">
                {NEVER_ASKED.map((item) => (
                  <li key={item}>{item}</li>
                ))}
              </ul>
              <p className="mt-3 text-sm text-slate-700">
                A landlord may not refuse you because children would live with you or because you receive
                benefits, and may not treat you less well for who you are. Nothing here asks them to.
              </p>
            </Card>
          </aside>
        </div>
      )}
    </div>
  );
}
