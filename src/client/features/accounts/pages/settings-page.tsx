// /settings (doc 2 "Settings"): notifications, security, billing, a copy of your data and the danger zone. The
// spec's device-only privacy card and two-factor row are left out: nothing honoured them (issue 12; decision 0016).
import { useState } from 'react';
import { Alert } from '../../../components/ui/feedback';
import { BillingCard } from '../../payments/components/billing-card';
import { DangerZoneCard } from '../components/danger-zone-card';
import { DevicesCard } from '../components/devices-card';
import { NotificationSettingsCard } from '../components/notification-settings-card';
import { AccountPageSkeleton } from '../components/page-skeleton';
import { SecurityCard } from '../components/security-card';
import { YourDataCard } from '../components/your-data-card';
import { useRequiredUser } from '../hooks/use-required-user';

export default function SettingsPage() {
  // Once the account is deleted the page is on its way to /, not to the sign-in page.
  const [deleted, setDeleted] = useState(false);
  const { user } = useRequiredUser('/settings', { enabled: !deleted });
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-8 sm:px-6 sm:py-10">
      <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Account Settings</h1>
      <p className="mt-1 text-slate-600">Notifications, security and billing for your account.</p>
      {deleted ? (
        <Alert tone="success" title="Account deleted" className="mt-8">
          Your account has been permanently deleted. Taking you to the home page…
        </Alert>
      ) : user ? (
        <div className="mt-8 space-y-6">
          <NotificationSettingsCard userType={user.userType} />
          <SecurityCard />
          <DevicesCard />
          <BillingCard />
          <YourDataCard />
          <DangerZoneCard onDeleted={() => setDeleted(true)} />
        </div>
      ) : (
        <AccountPageSkeleton />
      )}
    </div>
  );
}
