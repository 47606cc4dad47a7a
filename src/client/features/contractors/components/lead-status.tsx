// Lead status (doc 1 §4): active green, pending yellow, any other grey; colours with WCAG AA contrast on their
// backgrounds. The select changes a lead's status at once and puts it back if the server refuses.
import {
  LEAD_STATUS_LABELS,
  LEAD_STATUSES,
  type LeadStatus,
  leadStatusTone,
} from '../../../../domain/contractors';
import { Select } from '../../../components/ui/input';
import { errorMessage } from '../../../lib/api';
import { cn } from '../../../lib/cn';
import { toast } from '../../../lib/toast';
import { useUpdateLeadStatus } from '../api';

const TONE_CLASSES = {
  green: 'bg-green-100 text-green-800 ring-green-200',
  yellow: 'bg-yellow-100 text-yellow-900 ring-yellow-300',
  grey: 'bg-slate-100 text-slate-700 ring-slate-200',
} as const;

export function LeadStatusBadge({ status, className }: { status: LeadStatus; className?: string }) {
  return (
    <span
      data-testid="lead-status"
      data-tone={leadStatusTone(status)}
      className={cn(
        'inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset',
        TONE_CLASSES[leadStatusTone(status)],
        className,
      )}
    >
      {LEAD_STATUS_LABELS[status]}
    </span>
  );
}

export function LeadStatusSelect({
  leadId,
  status,
  label,
}: {
  leadId: string;
  status: LeadStatus;
  label: string;
}) {
  const update = useUpdateLeadStatus();
  return (
    <div className="w-full shrink-0 sm:w-40">
      <Select
        aria-label={label}
        value={status}
        onChange={(event) => {
          const next = event.target.value as LeadStatus;
          update.mutate(
            { id: leadId, status: next },
            {
              onSuccess: () =>
                toast({ title: 'Lead Updated', description: `Marked as ${LEAD_STATUS_LABELS[next]}.` }),
              onError: (error) =>
                toast({
                  title: 'Update Failed',
                  description: errorMessage(error, 'The lead could not be updated. Please try again.'),
                  variant: 'destructive',
                }),
            },
          );
        }}
      >
        {LEAD_STATUSES.map((value) => (
          <option key={value} value={value}>
            {LEAD_STATUS_LABELS[value]}
          </option>
        ))}
      </Select>
    </div>
  );
}
