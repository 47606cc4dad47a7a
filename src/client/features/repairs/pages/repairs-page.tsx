// /repairs (issue 32): the signed-in party's repairs, open ones first, each with its clock; a tenant reports a new
// one from here for each of their tenancies ("My home" links here too).
import { Wrench } from 'lucide-react';
import { Link } from 'react-router';
import { REPAIR_PAGES } from '../../../../domain/repairs';
import { Badge } from '../../../components/ui/badge';
import { ButtonLink } from '../../../components/ui/button';
import { EmptyState, Skeleton } from '../../../components/ui/feedback';
import { ErrorPanel } from '../../../components/ui/states';
import { useDocumentTitle } from '../../../lib/page-meta';
import { useRequiredUser } from '../../accounts/hooks/use-required-user';
import { useRepairs, useTenancies } from '../api';
import { RepairClock } from '../components/repair-parts';

export default function RepairsPage() {
  useDocumentTitle('Repairs');
  const { user } = useRequiredUser(REPAIR_PAGES.list);
  const repairs = useRepairs(!!user);
  const tenancies = useTenancies(!!user);
  const mine = (tenancies.data?.tenancies ?? []).filter((t) => t.tenants.some((p) => p.id === user?.id));
  // A trade sees the repairs whose quote was accepted (decision 0072), not tenancies of its own.
  const trade = user?.userType === 'contractor';
  return (
    <div className="mx-auto max-w-4xl px-4 py-8 sm:px-6">
      <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Repairs</h1>
      <p className="mt-1 text-slate-700">
        {trade
          ? 'The repairs you were chosen for, with the clock the tenant and the landlord see.'
          : 'Every repair on your tenancies, with the clock both you and the other side see.'}
      </p>
      {mine.length > 0 && (
        <div className="mt-4 flex flex-wrap gap-2">
          {mine.map((t) => (
            <ButtonLink key={t.id} to={REPAIR_PAGES.report(t.id)}>
              <Wrench className="h-4 w-4" aria-hidden />
              Report a repair{mine.length > 1 ? `: ${t.property.title}` : ''}
            </ButtonLink>
          ))}
        </div>
      )}
      <section aria-labelledby="repairs-title" className="mt-6">
        <h2 id="repairs-title" className="sr-only">
          Your repairs
        </h2>
        {!user || repairs.isPending ? (
          <div className="space-y-3" aria-busy="true">
            <Skeleton className="h-20" />
            <Skeleton className="h-20" />
          </div>
        ) : repairs.isError ? (
          <ErrorPanel title="Repairs could not be loaded" onRetry={() => repairs.refetch()} />
        ) : repairs.data.repairs.length === 0 ? (
          <EmptyState title={trade ? 'No repair jobs yet' : 'No repairs reported'}>
            {trade
              ? 'When a landlord accepts your quote for a repair, the job shows here: agree the visit, mark the work done and talk to both sides.'
              : 'When something in your home needs fixing, report it here: the landlord is told at once and the clock starts.'}
          </EmptyState>
        ) : (
          <ul className="space-y-3">
            {repairs.data.repairs.map((r) => (
              <li key={r.id} className="rounded-lg border border-slate-200 bg-white p-4" data-testid="repair">
                <div className="flex flex-wrap items-center gap-2">
                  <Link
                    to={REPAIR_PAGES.one(r.id)}
                    className="font-semibold text-primary-700 hover:underline"
                  >
                    {r.title}
                  </Link>
                  <Badge variant={r.status === 'resolved' ? 'success' : 'default'}>{r.statusLabel}</Badge>
                  {r.unread > 0 && (
                    <Badge variant="accent" data-testid="repair-unread">
                      {r.unread} new {r.unread === 1 ? 'message' : 'messages'}
                    </Badge>
                  )}
                </div>
                <p className="mt-1 text-sm text-slate-600">
                  {r.property.title} · {r.categoryLabel} · {r.urgencyLabel}
                </p>
                <div className="mt-2">
                  <RepairClock clock={r.clock} />
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
