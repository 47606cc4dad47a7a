// Settings → Danger Zone (doc 2 §5: confirmation text; §8 toasts; §4: the user then goes to /).
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { ACCOUNT_DELETION_KEEPS } from '../../../../domain/evidence';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { ConfirmDialog } from '../../../components/ui/dialog';
import { apiRequest, errorMessage } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { statusOf } from '../form-errors';
import { useSetSessionUser } from '../session';
import { ACCOUNT_DELETED_REDIRECT_MS } from '../timings';

export function DangerZoneCard({ onDeleted }: { onDeleted: () => void }) {
  const [confirming, setConfirming] = useState(false);
  const setSessionUser = useSetSessionUser();
  const remove = useMutation({
    mutationFn: () => apiRequest<{ ok: boolean }>('DELETE', '/api/account'),
    onSuccess: () => {
      onDeleted();
      setConfirming(false);
      setSessionUser(null);
      toast({ title: 'Account Deleted', description: 'Your account has been permanently deleted.' });
      // A full navigation: nothing of the deleted account stays in memory.
      setTimeout(() => window.location.assign('/'), ACCOUNT_DELETED_REDIRECT_MS);
    },
    onError: (error) => {
      setConfirming(false);
      // A refusal with a reason (the site's last super admin, a demo session) is shown as the server words it.
      const description =
        statusOf(error) === 403
          ? errorMessage(error, '')
          : 'Unable to delete account. Please contact support.';
      toast({ title: 'Deletion Failed', description, variant: 'destructive' });
    },
  });

  return (
    <Card className="border-red-300">
      <CardHeader>
        <CardTitle className="text-red-800">Danger Zone</CardTitle>
        <CardDescription>
          Deleting your account removes your profile, saved items and settings for good.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Button variant="destructive" onClick={() => setConfirming(true)} className="w-full sm:w-auto">
          Delete Account
        </Button>
        <ConfirmDialog
          open={confirming}
          onOpenChange={(open) => !remove.isPending && setConfirming(open)}
          title="Delete Account"
          description={`Are you sure you want to delete your account? This action cannot be undone. ${ACCOUNT_DELETION_KEEPS}`}
          confirmLabel="Delete Account"
          busy={remove.isPending}
          onConfirm={() => remove.mutate()}
        />
      </CardContent>
    </Card>
  );
}
