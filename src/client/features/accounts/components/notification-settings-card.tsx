// Settings → Notifications (doc 2 "Settings"; §4: applied at once, rolled back if saving fails; §8 toasts). Each
// account sees only the switches that change an email it can receive (notificationKeysFor).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import type { TCurrentUser } from '../../../../domain/accounts';
import { type NotificationKey, notificationKeysFor, type UserType } from '../../../../domain/constants';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Alert, Skeleton } from '../../../components/ui/feedback';
import { Switch } from '../../../components/ui/switch';
import { apiRequest } from '../../../lib/api';
import { CURRENT_USER_KEY } from '../../../lib/auth';
import { toast } from '../../../lib/toast';

type NotificationSettings = Record<NotificationKey, boolean>;
export const NOTIFICATION_SETTINGS_KEY = ['/api/notification-settings'] as const;

const SWITCHES: Record<NotificationKey, { label: string; description: string }> = {
  email: {
    label: 'Email Notifications',
    description:
      'Emails about new messages, quote requests, our team’s reviews of your listings, and reminders of repair targets and safety checks',
  },
  propertyAlerts: {
    label: 'Property Alerts',
    description: 'Emails when new homes match your saved searches, or a saved home’s rent is reduced',
  },
  marketingEmails: {
    label: 'Marketing Emails',
    description: 'News, offers and renting tips from Your Place',
  },
  securityAlerts: {
    label: 'Security Alerts',
    description: 'Emails when your password or email address changes',
  },
};

export function NotificationSettingsCard({ userType }: { userType: UserType | null }) {
  const keys = notificationKeysFor(userType);
  const queryClient = useQueryClient();
  const settings = useQuery<NotificationSettings>({ queryKey: NOTIFICATION_SETTINGS_KEY, staleTime: 0 });
  const setKey = (key: NotificationKey, value: boolean) =>
    queryClient.setQueryData<NotificationSettings>(NOTIFICATION_SETTINGS_KEY, (current) =>
      current ? { ...current, [key]: value } : current,
    );

  const save = useMutation({
    mutationFn: ({ key, value }: { key: NotificationKey; value: boolean }) =>
      apiRequest<NotificationSettings>('PUT', '/api/notification-settings', { [key]: value }),
    onMutate: async ({ key, value }) => {
      await queryClient.cancelQueries({ queryKey: NOTIFICATION_SETTINGS_KEY });
      setKey(key, value);
    },
    onSuccess: (saved, { key }) => {
      // Only this switch: another one may have been flipped while this request was in flight.
      setKey(key, saved[key]);
      queryClient.setQueryData<TCurrentUser | null>(CURRENT_USER_KEY, (user) =>
        user ? { ...user, notificationSettings: { ...user.notificationSettings, [key]: saved[key] } } : user,
      );
      toast({ title: 'Settings Updated', description: 'Notification preferences saved.' });
    },
    onError: (_error, { key, value }) => {
      setKey(key, !value);
      toast({
        title: 'Update Failed',
        description: 'Unable to save notification settings.',
        variant: 'destructive',
      });
    },
  });

  return (
    <Card>
      <CardHeader>
        <CardTitle>Notifications</CardTitle>
        <CardDescription>Choose which emails we send you. Changes save straight away.</CardDescription>
      </CardHeader>
      <CardContent>
        {settings.isPending ? (
          <div className="space-y-4" aria-busy="true">
            <span className="sr-only" role="status">
              Loading notification settings…
            </span>
            {keys.map((key) => (
              <Skeleton key={key} className="h-12" />
            ))}
          </div>
        ) : settings.isError ? (
          <Alert tone="error" title="Couldn't load your notification settings">
            <Button variant="outline" size="sm" className="mt-2" onClick={() => settings.refetch()}>
              Try again
            </Button>
          </Alert>
        ) : (
          <ul className="divide-y divide-slate-200">
            {keys.map((key) => (
              <SettingSwitch
                key={key}
                label={SWITCHES[key].label}
                description={SWITCHES[key].description}
                checked={settings.data[key]}
                onCheckedChange={(value) => save.mutate({ key, value })}
              />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

/** A labelled switch row: the label names the switch, the description is read after it. */
function SettingSwitch({
  label,
  description,
  checked,
  onCheckedChange,
}: {
  label: string;
  description: string;
  checked: boolean;
  onCheckedChange: (value: boolean) => void;
}) {
  const id = useId();
  return (
    <li className="flex items-start justify-between gap-4 py-4 first:pt-0 last:pb-0">
      <div className="min-w-0">
        <label htmlFor={id} className="text-sm font-medium text-slate-900">
          {label}
        </label>
        <p id={`${id}-description`} className="text-sm text-slate-600">
          {description}
        </p>
      </div>
      <Switch
        id={id}
        checked={checked}
        onCheckedChange={onCheckedChange}
        aria-describedby={`${id}-description`}
      />
    </li>
  );
}
