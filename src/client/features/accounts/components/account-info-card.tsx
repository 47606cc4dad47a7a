import type { TCurrentUser } from '../../../../domain/accounts';
import { Badge } from '../../../components/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { formatMemberSince, userTypeLabel } from '../format';

/** Profile → Account Information (doc 2): user type, member since and premium status, read-only. */
export function AccountInfoCard({ user }: { user: TCurrentUser }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Account Information</CardTitle>
      </CardHeader>
      <CardContent>
        <dl className="space-y-3 text-sm">
          <div className="flex items-center justify-between gap-4">
            <dt className="text-slate-600">Account type</dt>
            <dd className="font-medium text-slate-900">{userTypeLabel(user.userType)}</dd>
          </div>
          <div className="flex items-center justify-between gap-4">
            <dt className="text-slate-600">Member since</dt>
            <dd className="font-medium text-slate-900">{formatMemberSince(user.createdAt)}</dd>
          </div>
          <div className="flex items-center justify-between gap-4">
            <dt className="text-slate-600">Status</dt>
            <dd>
              {user.isPremium ? (
                <Badge variant="premium">Premium Member</Badge>
              ) : (
                <Badge variant="neutral">Free Member</Badge>
              )}
            </dd>
          </div>
        </dl>
      </CardContent>
    </Card>
  );
}
