// A repair's clock as both parties read it (its state in a badge and its target in words), and the way back.
import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router';
import { REPAIR_PAGES, type TClockState, type TRepairSummary } from '../../../../domain/repairs';
import { Badge } from '../../../components/ui/badge';
import { errorMessage } from '../../../lib/api';
import { toast } from '../../../lib/toast';

const VARIANT: Record<TClockState, 'success' | 'warning' | 'danger' | 'neutral'> = {
  on_time: 'neutral',
  due_soon: 'warning',
  overdue: 'danger',
  met: 'success',
  missed: 'danger',
};

export function RepairClock({ clock }: { clock: TRepairSummary['clock'] }) {
  return (
    <span className="inline-flex flex-wrap items-center gap-2" data-testid="repair-clock">
      <Badge variant={VARIANT[clock.state]}>{clock.stateLabel}</Badge>
      <span className="text-sm text-slate-700">{clock.wording}</span>
    </span>
  );
}

/** The way back to the list, at the top of a repair's pages. */
export function BackToRepairs() {
  return (
    <Link
      to={REPAIR_PAGES.list}
      className="inline-flex items-center gap-1.5 text-sm font-medium text-primary-700 hover:underline"
    >
      <ArrowLeft className="h-4 w-4" aria-hidden />
      Back to repairs
    </Link>
  );
}

/** A repair form's send failed for a reason no field names: say so, with the server's message. */
export function toastNotSent(error: unknown): void {
  toast({ title: 'Not sent', description: errorMessage(error, 'Please try again.'), variant: 'destructive' });
}
