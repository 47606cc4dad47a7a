// Super Admin → Demo Access (doc 2 §4 "Demo impersonation"): sign this browser in as a premium demo landlord,
// tenant or contractor, then a full page load to that dashboard. End Demo Session (the banner) comes back here.
import { useMutation } from '@tanstack/react-query';
import { Building2, Hammer, Home } from 'lucide-react';
import type { TImpersonateReply } from '../../../../domain/admin';
import type { UserType } from '../../../../domain/constants';
import { Button } from '../../../components/ui/button';
import { apiRequest, errorMessage } from '../../../lib/api';
import { toast } from '../../../lib/toast';

const ROLES: Array<{ userType: UserType; label: string; icon: typeof Home; text: string }> = [
  {
    userType: 'landlord',
    label: 'Landlord',
    icon: Building2,
    text: 'Listings, photos and the review outcomes.',
  },
  { userType: 'tenant', label: 'Tenant', icon: Home, text: 'Search, saved homes, alerts and the forum.' },
  {
    userType: 'contractor',
    label: 'Contractor',
    icon: Hammer,
    text: 'Business profile, portfolio and leads.',
  },
];

export function DemoAccessTab() {
  const start = useMutation({
    mutationFn: (userType: UserType) =>
      apiRequest<TImpersonateReply>('POST', '/api/admin/impersonate', { userType, demoMode: true }),
    // A full load: every cached answer belonged to the admin's session.
    onSuccess: (reply) => window.location.assign(reply.redirectTo),
    onError: (error) =>
      toast({
        title: 'Error',
        description: errorMessage(error, 'Could not start the demo session.'),
        variant: 'destructive',
      }),
  });

  return (
    <div>
      <p className="max-w-2xl text-sm text-slate-600">
        See the site as a customer does. You are signed in as a separate demo account with premium access,
        never a real customer&apos;s account. The session is recorded in the audit log; a banner on every page
        ends it and brings you back here. Your admin session ends while the demo runs.
      </p>
      <ul className="mt-5 grid grid-cols-1 gap-4 sm:grid-cols-3">
        {ROLES.map((role) => (
          <li
            key={role.userType}
            className="flex flex-col rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
          >
            <role.icon className="h-6 w-6 text-primary-700" aria-hidden />
            <h3 className="mt-2 font-semibold text-slate-900">{role.label}</h3>
            <p className="mt-1 flex-1 text-sm text-slate-600">{role.text}</p>
            <Button
              className="mt-4"
              busy={start.isPending && start.variables === role.userType}
              disabled={start.isPending || start.isSuccess}
              onClick={() => start.mutate(role.userType)}
            >
              View as {role.label}
            </Button>
          </li>
        ))}
      </ul>
    </div>
  );
}
