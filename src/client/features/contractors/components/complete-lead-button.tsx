// "Mark job done" on a quote request (issue 32 item 5; decision 0073): once, after a second press that says what
// follows (the customer is emailed and may review the business as a verified job). Done jobs say when instead.
import { CheckCircle2 } from 'lucide-react';
import { useState } from 'react';
import type { TLead } from '../../../../domain/contractors';
import { Button } from '../../../components/ui/button';
import { errorMessage } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { useCompleteLead } from '../api';
import { formatDate } from '../format';

export function CompleteLeadButton({
  lead,
}: {
  lead: Pick<TLead, 'id' | 'jobTitle' | 'canComplete' | 'completedAt'>;
}) {
  const complete = useCompleteLead();
  const [asking, setAsking] = useState(false);
  if (lead.completedAt)
    return (
      <p className="flex items-center gap-1 text-sm text-green-800" data-testid="job-done">
        <CheckCircle2 className="h-4 w-4" aria-hidden />
        Job done {formatDate(lead.completedAt)}
      </p>
    );
  if (!lead.canComplete) return null;
  if (!asking)
    return (
      <Button variant="outline" size="sm" onClick={() => setAsking(true)}>
        <CheckCircle2 className="h-4 w-4" aria-hidden />
        Mark job done<span className="sr-only">: {lead.jobTitle}</span>
      </Button>
    );
  return (
    <div className="space-y-2 rounded-md border border-slate-200 bg-slate-50 p-3 text-sm" role="group">
      <p className="text-slate-800">
        Mark "{lead.jobTitle}" done? The customer is emailed and may then review you as a verified job. This
        cannot be undone.
      </p>
      <div className="flex flex-wrap gap-2">
        <Button
          size="sm"
          busy={complete.isPending}
          onClick={() =>
            complete.mutate(lead.id, {
              onSuccess: () => {
                setAsking(false);
                toast({
                  title: 'Job Marked Done',
                  description: 'Your customer has been asked for a review.',
                });
              },
              onError: (error) =>
                toast({
                  title: 'Not Saved',
                  description: errorMessage(error, 'The job could not be marked done. Please try again.'),
                  variant: 'destructive',
                }),
            })
          }
        >
          Yes, the job is done
        </Button>
        <Button variant="ghost" size="sm" onClick={() => setAsking(false)}>
          Cancel
        </Button>
      </div>
    </div>
  );
}
