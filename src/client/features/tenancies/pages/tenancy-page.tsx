// /tenancies/{id} (issue 31): one tenancy, to its landlord (with the form that records the deposit's protection and
// the information sheet, and moves the start date before it arrives) and to its tenants (read only). Anyone else
// gets the server's 404, shown as "not found".

import { ArrowLeft } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { APPLICATION_PAGES } from '../../../../domain/applications';
import { EmptyState } from '../../../components/ui/feedback';
import { ErrorPanel } from '../../../components/ui/states';
import { ApiError } from '../../../lib/api';
import { useRequiredUser } from '../../accounts/hooks/use-required-user';
import { useTenancy } from '../../applications/api';
import { PageLoading } from '../../applications/components/page-states';
import { TenancyDetails } from '../components/tenancy-details';
import { TenancyRecordForm } from '../components/tenancy-record-form';

export default function TenancyPage() {
  const { id = '' } = useParams();
  const { user } = useRequiredUser(`/tenancies/${id}`);
  const tenancy = useTenancy(id);
  const isLandlord = !!user && tenancy.data?.landlord.id === user.id;
  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-8 sm:px-6">
      <Link
        to={
          isLandlord || user?.userType === 'landlord' ? APPLICATION_PAGES.tenancies : APPLICATION_PAGES.myHome
        }
        className="inline-flex items-center gap-1.5 text-sm font-medium text-primary-700 hover:underline"
      >
        <ArrowLeft className="h-4 w-4" aria-hidden />
        {isLandlord || user?.userType === 'landlord' ? 'All tenancies' : 'My home'}
      </Link>
      <h1 className="mt-3 text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Tenancy</h1>
      <div className="mt-6 space-y-6">
        {!user || tenancy.isPending ? (
          <PageLoading label="Loading the tenancy…" blocks={['h-72']} />
        ) : tenancy.isError ? (
          tenancy.error instanceof ApiError && tenancy.error.status === 404 ? (
            <EmptyState title="Tenancy not found">
              Only the landlord and the tenants of a tenancy can see it.
            </EmptyState>
          ) : (
            <ErrorPanel
              title="The tenancy could not be loaded"
              onRetry={() => tenancy.refetch()}
              busy={tenancy.isFetching}
            />
          )
        ) : (
          <>
            <TenancyDetails tenancy={tenancy.data} viewer={isLandlord ? 'landlord' : 'tenant'} />
            {isLandlord && <TenancyRecordForm key={tenancy.data.id} tenancy={tenancy.data} />}
          </>
        )}
      </div>
    </div>
  );
}
