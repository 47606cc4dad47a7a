// "Open repairs" on the landlord dashboard (issue 32 item 4; decision 0071): each open repair on the landlord's
// homes with its clock (state and due date), most urgent first, linking to it. Nothing when there were never any.
import { Wrench } from 'lucide-react';
import { Link } from 'react-router';
import { REPAIR_PAGES, type TRepairSummary } from '../../../../domain/repairs';
import { Button, ButtonLink } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Skeleton } from '../../../components/ui/feedback';
import { useRepairs } from '../api';
import { RepairClock } from './repair-parts';

/** How many the card lists; the rest are on /repairs. */
const SHOWN = 5;

const openFirst = (a: TRepairSummary, b: TRepairSummary) => a.dueBy.localeCompare(b.dueBy);

export function OpenRepairsCard() {
  const repairs = useRepairs();
  if (repairs.isPending)
    return (
      <Card className="p-4" aria-busy="true">
        <Skeleton className="h-6 w-40" />
        <Skeleton className="mt-3 h-12" />
      </Card>
    );
  if (repairs.isError)
    return (
      <Card className="flex flex-wrap items-center gap-3 p-4" role="alert">
        <p className="text-slate-800">Your repairs could not be loaded.</p>
        <Button size="sm" variant="outline" onClick={() => repairs.refetch()}>
          Retry
        </Button>
      </Card>
    );
  const mine = repairs.data.repairs.filter((r) => r.side === 'landlord');
  if (mine.length === 0) return null;
  const open = mine.filter((r) => r.status !== 'resolved').sort(openFirst);
  return (
    <Card className="p-4" data-testid="open-repairs">
      <section aria-labelledby="open-repairs-heading">
        <div className="flex flex-wrap items-center gap-2">
          <Wrench className="h-5 w-5 text-slate-600" aria-hidden />
          <h2 id="open-repairs-heading" className="text-lg font-semibold text-slate-900">
            Open repairs
          </h2>
          <span className="text-sm text-slate-600">{open.length}</span>
          <ButtonLink to={REPAIR_PAGES.list} size="sm" variant="outline" className="ml-auto">
            All repairs
          </ButtonLink>
        </div>
        {open.length === 0 ? (
          <p className="mt-2 text-sm text-slate-600">No open repairs: every reported repair is fixed.</p>
        ) : (
          <ul className="mt-3 divide-y divide-slate-200">
            {open.slice(0, SHOWN).map((r) => (
              <li key={r.id} className="flex flex-col gap-1 py-2 sm:flex-row sm:items-center sm:gap-4">
                <div className="min-w-0 flex-1">
                  <Link to={REPAIR_PAGES.one(r.id)} className="font-medium text-primary-700 hover:underline">
                    {r.title}
                  </Link>
                  <p className="text-sm text-slate-600">
                    {r.property.title} · {r.statusLabel}
                  </p>
                </div>
                <RepairClock clock={r.clock} />
              </li>
            ))}
          </ul>
        )}
        {open.length > SHOWN && (
          <p className="mt-2 text-sm text-slate-600">
            And {open.length - SHOWN} more on <Link to={REPAIR_PAGES.list}>Repairs</Link>.
          </p>
        )}
      </section>
    </Card>
  );
}
