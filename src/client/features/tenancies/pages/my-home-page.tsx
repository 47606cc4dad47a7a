// /my-home (issue 31): the tenant's tenancy, made when they accepted an offer: the home at its full address, the
// landlord's contact, the dates and money, and what the landlord must still do; the way to report a repair and the
// home's current safety certificates (issue 32). ?tenancy={id} puts one first.

import { Home, Wrench } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { APPLICATION_PAGES } from '../../../../domain/applications';
import { REPAIR_PAGES } from '../../../../domain/repairs';
import { ButtonLink } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/feedback';
import { ErrorPanel } from '../../../components/ui/states';
import { useRequiredUser } from '../../accounts/hooks/use-required-user';
import { useTenancies } from '../../applications/api';
import { PageLoading } from '../../applications/components/page-states';
import { CertificatesPanel } from '../../compliance/components/certificates-panel';
import { TenancyDetails } from '../components/tenancy-details';

export default function MyHomePage() {
  const { user } = useRequiredUser(APPLICATION_PAGES.myHome);
  const [params] = useSearchParams();
  const tenancies = useTenancies(!!user);
  const first = params.get('tenancy');
  const list = [...(tenancies.data?.tenancies ?? [])].sort(
    (a, b) => Number(b.id === first) - Number(a.id === first) || b.startDate.localeCompare(a.startDate),
  );
  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-8 sm:px-6">
      <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">My home</h1>
      <p className="mt-1 text-slate-600">
        The tenancy you and your landlord agreed on Your Place. Only the two of you can see it.
      </p>
      <div className="mt-6 space-y-6">
        {!user || tenancies.isPending ? (
          <PageLoading label="Loading your tenancy…" blocks={['h-72']} />
        ) : tenancies.isError ? (
          <ErrorPanel
            title="Your tenancy could not be loaded"
            onRetry={() => tenancies.refetch()}
            busy={tenancies.isFetching}
          />
        ) : list.length === 0 ? (
          <EmptyState
            icon={<Home className="h-10 w-10" aria-hidden />}
            title="No tenancy yet"
            action={<ButtonLink to={APPLICATION_PAGES.myApplications}>My applications</ButtonLink>}
          >
            When a landlord offers you a home and you accept, your tenancy shows here.
          </EmptyState>
        ) : (
          list.map((tenancy) => (
            <section key={tenancy.id} aria-label={tenancy.property.title} className="space-y-4">
              <TenancyDetails tenancy={tenancy} viewer="tenant" />
              <div className="flex flex-wrap gap-2">
                <ButtonLink to={REPAIR_PAGES.report(tenancy.id)}>
                  <Wrench className="h-4 w-4" aria-hidden />
                  Report a repair
                </ButtonLink>
                <ButtonLink to={REPAIR_PAGES.list} variant="outline">
                  My repairs
                </ButtonLink>
              </div>
              <CertificatesPanel propertyId={tenancy.property.id} />
            </section>
          ))
        )}
      </div>
    </div>
  );
}
