// Settings → Signed-in devices (issue 16): every session of this account still in force, this one marked, and
// "Sign out everywhere else" for a lost phone or a shared computer.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TSignedInDevice } from '../../../../domain/devices';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Alert, Skeleton } from '../../../components/ui/feedback';
import { apiRequest, errorMessage } from '../../../lib/api';
import { toast } from '../../../lib/toast';

export const DEVICES_KEY = ['/api/auth/sessions'] as const;

const when = (iso: string) =>
  new Date(iso).toLocaleString('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  });

export function DevicesCard() {
  const queryClient = useQueryClient();
  const devices = useQuery<{ devices: TSignedInDevice[]; idleDays: number; maxDays: number }>({
    queryKey: DEVICES_KEY,
    staleTime: 0,
  });
  const others = (devices.data?.devices ?? []).filter((device) => !device.current).length;
  const signOut = useMutation({
    mutationFn: () => apiRequest<{ ended: number }>('POST', '/api/auth/sessions/sign-out-others'),
    onSuccess: ({ ended }) => {
      void queryClient.invalidateQueries({ queryKey: DEVICES_KEY });
      toast({
        title: 'Signed Out Elsewhere',
        description:
          ended === 1 ? 'One other device was signed out.' : `${ended} other devices were signed out.`,
      });
    },
    onError: (error) =>
      toast({
        title: 'Sign Out Failed',
        description: errorMessage(error, 'Could not sign out the other devices. Please try again.'),
        variant: 'destructive',
      }),
  });

  return (
    <Card>
      <CardHeader>
        <CardTitle>Signed-in Devices</CardTitle>
        <CardDescription>
          Where your account is signed in. A device signs out after 30 days unused, and every 90 days in any
          case.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        {devices.isPending ? (
          <Skeleton className="h-16 w-full" />
        ) : devices.isError ? (
          <Alert tone="error" title="Could not load your devices">
            {errorMessage(devices.error, 'Please refresh the page to try again.')}
          </Alert>
        ) : (
          <ul
            className="divide-y divide-slate-200 rounded-md border border-slate-200"
            aria-label="Signed-in devices"
          >
            {devices.data.devices.map((device) => (
              <li
                key={`${device.signedInAt}-${device.lastActiveAt}-${device.device}`}
                className="px-4 py-3 text-sm"
              >
                <p className="font-medium text-slate-900">
                  {device.device}
                  {device.current ? (
                    <span className="ml-2 rounded bg-emerald-100 px-1.5 py-0.5 text-xs font-medium text-emerald-800">
                      This device
                    </span>
                  ) : null}
                </p>
                <p className="text-slate-600">
                  Signed in {when(device.signedInAt)} · last active {when(device.lastActiveAt)}
                  {device.ip ? ` · ${device.ip}` : ''}
                </p>
              </li>
            ))}
          </ul>
        )}
        <Button
          type="button"
          variant="outline"
          disabled={others === 0 || signOut.isPending}
          onClick={() => signOut.mutate()}
        >
          {signOut.isPending ? 'Signing out…' : 'Sign out everywhere else'}
        </Button>
      </CardContent>
    </Card>
  );
}
