// /tenancies (issue 31): the landlord's tenancies, soonest start first among those to come, each with what is still
// to do for it; a tenant's are on /my-home.

import { ChevronRight, KeyRound } from 'lucide-react';
import { Link } from 'react-router';
import { APPLICATION_PAGES } from '../../../../domain/applications';
import { Badge } from '../../../components/ui/badge';
import { ButtonLink } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/feedback';
import { ErrorPanel } from '../../../components/ui/states';
import { useRequiredUser } from '../../accounts/hooks/use-required-user';
import { useTenancies } from '../../applications/api';
import { PageLoading } from '../../applications/components/page-states';
import { dayLabel, formatPounds } from '../../applications/format';
import { openTodo } from '../format';

export default function TenanciesPage() {
  const { user } = useRequiredUser(APPLICATION_PAGES.tenancies);
  const tenancies = useTenancies(!!user);
  const isLandlord = user?.userType === 'landlord';
  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-8 sm:px-6">
      <Link
        to={isLandlord ? '/landlord-dashboard' : '/dashboard'}
        className="text-sm font-medium text-primary-700 hover:underline"
      >
        {isLandlord ? 'Back to your properties' : 'Back to your dashboard'}
      </Link>
      <h1 className="mt-3 text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Tenancies</h1>
      <p className="mt-1 text-slate-600">
        Every tenancy agreed on Your Place for your homes, with the deposit steps the law asks of you.
      </p>
      <div className="mt-6">
        {!user || tenancies.isPending ? (
          <PageLoading label="Loading your tenancies…" blocks={['h-24', 'h-24']} />
        ) : tenancies.isError ? (
          <ErrorPanel
            title="Your tenancies could not be loaded"
            onRetry={() => tenancies.refetch()}
            busy={tenancies.isFetching}
          />
        ) : tenancies.data.tenancies.length === 0 ? (
          <EmptyState
            icon={<KeyRound className="h-10 w-10" aria-hidden />}
            title="No tenancies yet"
            action={
              isLandlord ? (
                <ButtonLink to="/landlord-dashboard">Your properties</ButtonLink>
              ) : (
                <ButtonLink to={APPLICATION_PAGES.myHome}>My home</ButtonLink>
              )
            }
          >
            {isLandlord
              ? 'When a tenant accepts your offer on a home, the tenancy shows here. Offer a home from its applicants, beside its viewings.'
              : 'Your own tenancy is on My home.'}
          </EmptyState>
        ) : (
          <ul className="space-y-3">
            {tenancies.data.tenancies.map((tenancy) => {
              const todo = openTodo(tenancy);
              return (
                <li key={tenancy.id}>
                  <Card className="p-0">
                    <Link
                      to={`/tenancies/${tenancy.id}`}
                      className="flex items-center gap-3 rounded-xl p-4 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-primary-600"
                      data-testid="tenancy-link"
                    >
                      <span className="min-w-0 flex-1">
                        <span className="block font-semibold text-slate-900">{tenancy.property.title}</span>
                        <span className="block text-sm text-slate-600">
                          {tenancy.tenants.map((t) => t.name).join(', ')} · from {dayLabel(tenancy.startDate)}{' '}
                          · {formatPounds(tenancy.rent)} per month
                        </span>
                      </span>
                      <Badge variant={todo === 0 ? 'success' : 'warning'}>
                        {todo === 0 ? 'All recorded' : `${todo} to do`}
                      </Badge>
                      <ChevronRight className="h-4 w-4 shrink-0 text-slate-500" aria-hidden />
                    </Link>
                  </Card>
                </li>
              );
            })}
          </ul>
        )}
      </div>
    </div>
  );
}
