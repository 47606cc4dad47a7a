import type { TCurrentUser } from '../../../../domain/accounts';
import { fullName } from '../../../../domain/names';
import { UserAvatar } from '../../../components/ui/avatar';
import { ButtonLink } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { formatMemberSince, userTypeLabel } from '../../accounts/format';

/** doc 1 "Generic dashboard": the profile card with account type, email and member since. */
export function ProfileCard({ user }: { user: TCurrentUser }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Your Profile</CardTitle>
      </CardHeader>
      <CardContent>
        <div className="flex items-center gap-3">
          <UserAvatar
            firstName={user.firstName}
            lastName={user.lastName}
            imageUrl={user.profileImageUrl}
            className="h-12 w-12"
          />
          <p className="min-w-0 truncate font-semibold text-slate-900">
            {fullName(user.firstName, user.lastName)}
          </p>
        </div>
        <dl className="mt-4 space-y-2 text-sm">
          <div className="flex justify-between gap-4">
            <dt className="text-slate-600">Account type</dt>
            <dd className="font-medium text-slate-900">{userTypeLabel(user.userType)}</dd>
          </div>
          <div className="flex justify-between gap-4">
            <dt className="shrink-0 text-slate-600">Email</dt>
            <dd className="min-w-0 truncate font-medium text-slate-900" title={user.email}>
              {user.email}
            </dd>
          </div>
          <div className="flex justify-between gap-4">
            <dt className="text-slate-600">Member since</dt>
            <dd className="font-medium text-slate-900">{formatMemberSince(user.createdAt)}</dd>
          </div>
        </dl>
        <ButtonLink to="/profile" variant="outline" size="sm" className="mt-4 w-full">
          Edit Profile
        </ButtonLink>
      </CardContent>
    </Card>
  );
}
