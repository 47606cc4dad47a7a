// A compliance item's status as a badge, and its dates in words (decision 0069).
import { COMPLIANCE_STATUS_LABELS, type TComplianceStatus } from '../../../../domain/compliance-options';
import { Badge } from '../../../components/ui/badge';

const VARIANT = { ok: 'success', due_soon: 'warning', overdue: 'danger', not_required: 'neutral' } as const;

const LONG_DAY = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

/** 2027-01-10 → "10 January 2027". */
export function longDay(day: string): string {
  const date = new Date(`${day.slice(0, 10)}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? day : LONG_DAY.format(date);
}

export function ComplianceStatusBadge({
  status,
  recorded = true,
}: {
  status: TComplianceStatus;
  recorded?: boolean;
}) {
  return (
    <Badge variant={VARIANT[status]} data-testid="compliance-status">
      {status === 'overdue' && !recorded ? 'Not recorded' : COMPLIANCE_STATUS_LABELS[status]}
    </Badge>
  );
}
