// One page of users as a table: a checkbox for each user who may be deleted (and one for the whole page), their
// role, type, premium and joining date, and a delete button.
import { Trash2 } from 'lucide-react';
import type { TAdminUser } from '../../../../../domain/admin';
import { isAdmin, isSuperAdmin } from '../../../../../domain/identity';
import { Badge } from '../../../../components/ui/badge';
import { Button } from '../../../../components/ui/button';
import { IconTooltip } from '../../../../components/ui/icon-tooltip';
import { formatDate } from '../../api';
import { USER_TYPE_LABELS, userName } from './user-list-state';

const COLUMNS = ['Name', 'Email', 'Type', 'Premium', 'Joined'] as const;

export function UserTable({
  users,
  selected,
  allOnPage,
  isDeletable,
  onToggle,
  onTogglePage,
  onDelete,
}: {
  users: readonly TAdminUser[];
  selected: ReadonlySet<string>;
  /** Every deletable user on this page is selected. */
  allOnPage: boolean;
  isDeletable: (user: TAdminUser) => boolean;
  onToggle: (id: string) => void;
  onTogglePage: () => void;
  onDelete: (user: TAdminUser) => void;
}) {
  return (
    <div className="relative overflow-x-auto rounded-xl border border-slate-200 bg-white">
      <table className="w-full min-w-[44rem] text-left text-sm">
        <thead className="border-b border-slate-200 bg-slate-50 text-slate-600">
          <tr>
            <th scope="col" className="w-10 px-3 py-2">
              <input
                type="checkbox"
                aria-label="Select every user on this page"
                checked={allOnPage}
                onChange={onTogglePage}
              />
            </th>
            {COLUMNS.map((column) => (
              <th key={column} scope="col" className="px-3 py-2 font-medium">
                {column}
              </th>
            ))}
            <th scope="col" className="px-3 py-2 font-medium">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {users.map((user) => (
            <UserRow
              key={user.id}
              user={user}
              selected={selected.has(user.id)}
              removable={isDeletable(user)}
              onToggle={() => onToggle(user.id)}
              onDelete={() => onDelete(user)}
            />
          ))}
        </tbody>
      </table>
    </div>
  );
}

function UserRow({
  user,
  selected,
  removable,
  onToggle,
  onDelete,
}: {
  user: TAdminUser;
  selected: boolean;
  removable: boolean;
  onToggle: () => void;
  onDelete: () => void;
}) {
  const name = userName(user);
  return (
    <tr className="border-b border-slate-100 last:border-0">
      <td className="px-3 py-2">
        <input
          type="checkbox"
          aria-label={`Select ${name}`}
          disabled={!removable}
          checked={selected}
          onChange={onToggle}
        />
      </td>
      <td className="px-3 py-2 font-medium text-slate-900">
        {name}
        {isAdmin(user) && (
          <Badge variant="neutral" className="ml-2">
            {isSuperAdmin(user) ? 'Super admin' : 'Admin'}
          </Badge>
        )}
        {user.isDemo && (
          <Badge variant="neutral" className="ml-2">
            Demo
          </Badge>
        )}
      </td>
      <td className="break-all px-3 py-2">{user.email}</td>
      <td className="px-3 py-2">{user.userType ? USER_TYPE_LABELS[user.userType] : '—'}</td>
      <td className="px-3 py-2">
        {user.isPremium ? (
          <Badge variant="premium">
            Premium{user.premiumUntil ? ` to ${formatDate(user.premiumUntil)}` : ''}
          </Badge>
        ) : (
          <span className="text-slate-600">Free</span>
        )}
      </td>
      <td className="px-3 py-2 text-slate-600">{formatDate(user.createdAt)}</td>
      <td className="px-3 py-2 text-right">
        {removable && (
          <IconTooltip label="Delete user">
            <Button variant="ghost" size="sm" aria-label={`Delete ${name}`} onClick={onDelete}>
              <Trash2 className="h-4 w-4 text-red-700" aria-hidden />
            </Button>
          </IconTooltip>
        )}
      </td>
    </tr>
  );
}
