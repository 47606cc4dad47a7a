// Apply (issue 31 item 2): a premium tenant who has talked to the landlord about a live home applies with one click,
// with a message if they want one; then the panel says "Applied" and where it stands. Shown only to premium tenants
// in their conversation about a listing (the server refuses everyone else anyway).
import { ClipboardCheck, Send, UserRound } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { APPLICATION_PAGES, MESSAGE_MAX } from '../../../../domain/applications';
import { Button, ButtonLink } from '../../../components/ui/button';
import { Skeleton } from '../../../components/ui/feedback';
import { Textarea } from '../../../components/ui/input';
import { errorMessage } from '../../../lib/api';
import { cn } from '../../../lib/cn';
import { toast } from '../../../lib/toast';
import { useRenterProfile } from '../../renter-profile/api';
import { useApplications, useApply } from '../api';
import { currentApplicationFor } from '../format';
import { StatusBadge } from './application-parts';

/** Where the tenant writes the renter profile every application carries (item 1). */
export const RENTER_PROFILE_PATH = '/renter-profile';

export function ApplyPanel({
  propertyId,
  title,
  className,
}: {
  propertyId: string;
  title: string;
  className?: string;
}) {
  const applications = useApplications();
  // No profile, no application (decision 0063: the landlord chooses on the same fields for everyone).
  const profile = useRenterProfile(true);
  const apply = useApply(propertyId);
  const [writing, setWriting] = useState(false);
  const [message, setMessage] = useState('');
  const [error, setError] = useState<string | null>(null);
  const messageId = useId();
  const messageBox = useRef<HTMLTextAreaElement>(null);
  // The message box opens with focus in it; the Apply button follows it, so Tab goes from writing to applying.
  useEffect(() => {
    if (writing) messageBox.current?.focus();
  }, [writing]);
  if (applications.isPending || profile.isPending) return <Skeleton className={cn('h-10', className)} />;
  const current = currentApplicationFor(applications.data?.applications, propertyId);
  if (current) {
    return (
      <div className={cn('flex flex-wrap items-center gap-2 text-sm', className)} data-testid="apply-panel">
        <ClipboardCheck className="h-4 w-4 text-primary-700" aria-hidden />
        <span className="font-medium text-slate-900">Your application</span>
        <StatusBadge status={current.status} />
        <Link to={APPLICATION_PAGES.myApplications} className="text-primary-700 underline underline-offset-2">
          My applications
        </Link>
      </div>
    );
  }
  if (profile.data && profile.data.profile === null) {
    return (
      <div className={cn('space-y-2 text-sm', className)} data-testid="apply-panel">
        <p className="text-slate-700">
          To apply for this home, first fill in your renter profile: the landlord sees it with your
          application, the same details for everyone.
        </p>
        <ButtonLink to={RENTER_PROFILE_PATH} size="sm" variant="outline">
          <UserRound className="h-4 w-4" aria-hidden />
          Fill in your renter profile
        </ButtonLink>
      </div>
    );
  }
  const send = () => {
    setError(null);
    // A message typed and then put away with "No message" is not sent.
    apply.mutate(writing ? message.trim() || null : null, {
      onSuccess: () => {
        setMessage('');
        setWriting(false);
        toast({
          title: 'Application sent',
          description: `The landlord of ${title} now sees your renter profile.`,
        });
      },
      onError: (err) => setError(errorMessage(err, 'Your application was not sent. Please try again.')),
    });
  };
  const messageField = writing && (
    <div>
      <label htmlFor={messageId} className="mb-1 block font-medium text-slate-800">
        Message to the landlord (optional)
      </label>
      <Textarea
        ref={messageBox}
        id={messageId}
        rows={2}
        maxLength={MESSAGE_MAX}
        value={message}
        onChange={(e) => setMessage(e.target.value)}
      />
    </div>
  );
  return (
    <div className={cn('space-y-2 text-sm', className)} data-testid="apply-panel">
      {messageField}
      <div className="flex flex-wrap items-center gap-2">
        <Button size="sm" onClick={send} busy={apply.isPending}>
          <Send className="h-4 w-4" aria-hidden />
          Apply for this home
        </Button>
        <Button
          size="sm"
          variant="ghost"
          aria-expanded={writing}
          aria-controls={writing ? messageId : undefined}
          onClick={() => setWriting((w) => !w)}
        >
          {writing ? 'No message' : 'Add a message'}
        </Button>
      </div>
      <p className="text-slate-600">
        The landlord sees your{' '}
        <Link to={RENTER_PROFILE_PATH} className="text-primary-700 underline underline-offset-2">
          renter profile
        </Link>{' '}
        as it is when you apply.
      </p>
      {error && (
        <p role="alert" className="text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
