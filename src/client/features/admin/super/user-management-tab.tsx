// Super Admin → User Management (doc 2 §6, §5 "bulk delete requires typing DELETE (else Confirmation Required)"):
// a paginated, searchable list filtered by type and premium; delete one with a confirmation, or many with DELETE typed.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Trash2, Users } from 'lucide-react';
import { useEffect, useState } from 'react';
import {
  ADMIN_MESSAGES,
  type TAdminUser,
  type TAllUsersPage,
  type TBulkDeleteReply,
} from '../../../../domain/admin';
import { USER_TYPES } from '../../../../domain/constants';
import { isAdmin, isSuperAdmin } from '../../../../domain/identity';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog, Dialog, DialogClose, DialogContent } from '../../../components/ui/dialog';
import { Alert, EmptyState, Skeleton } from '../../../components/ui/feedback';
import { IconTooltip } from '../../../components/ui/icon-tooltip';
import { Input, Label, Select } from '../../../components/ui/input';
import { Pager } from '../../../components/ui/pager';
import { apiRequest, errorMessage } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { adminGet, formatDate } from '../api';

const PAGE_SIZE = 20;
const TYPE_LABEL = { tenant: 'Tenant', landlord: 'Landlord', contractor: 'Contractor' } as const;

function canDelete(user: TAdminUser, selfEmail: string | null) {
  return !isSuperAdmin(user) && user.email !== selfEmail;
}

export function UserManagementTab({ selfEmail }: { selfEmail: string | null }) {
  const queryClient = useQueryClient();
  const [searchDraft, setSearchDraft] = useState('');
  const [q, setQ] = useState('');
  const [userType, setUserType] = useState('');
  const [premium, setPremium] = useState('');
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [toDelete, setToDelete] = useState<TAdminUser | null>(null);
  const [bulkOpen, setBulkOpen] = useState(false);
  const [typed, setTyped] = useState('');

  // Typing searches after a pause and goes back to page 1; nothing else does (on first render the timer used to
  // fire anyway and undo a quick press of Next).
  useEffect(() => {
    const next = searchDraft.trim();
    if (next === q) return;
    const timer = setTimeout(() => {
      setQ(next);
      setPage(1);
    }, 300);
    return () => clearTimeout(timer);
  }, [searchDraft, q]);

  const list = useQuery({
    queryKey: ['/api/admin/all-users', q, userType, premium, page],
    queryFn: () =>
      adminGet<TAllUsersPage>('/api/admin/all-users', { q, userType, premium, page, limit: PAGE_SIZE }),
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['/api/admin/all-users'] });

  const deleteOne = useMutation({
    mutationFn: (user: TAdminUser) =>
      apiRequest<{ message: string }>('DELETE', `/api/admin/delete-user/${user.id}`),
    onSuccess: (reply, user) => {
      toast({ title: 'User deleted', description: reply.message });
      setSelected((s) => {
        const next = new Set(s);
        next.delete(user.id);
        return next;
      });
      setToDelete(null);
      void refresh();
    },
    onError: (error) =>
      toast({
        title: 'Delete Error',
        description: errorMessage(error, 'Could not delete the user.'),
        variant: 'destructive',
      }),
  });
  const deleteMany = useMutation({
    mutationFn: (userIds: string[]) =>
      apiRequest<TBulkDeleteReply>('POST', '/api/admin/bulk-delete-users', {
        userIds,
        confirmation: 'DELETE',
      }),
    onSuccess: (reply) => {
      toast({ title: 'Users deleted', description: reply.message });
      setSelected(new Set());
      setBulkOpen(false);
      setTyped('');
      void refresh();
    },
    onError: (error) =>
      toast({
        title: 'Delete Error',
        description: errorMessage(error, 'Could not delete the users.'),
        variant: 'destructive',
      }),
  });

  const confirmBulk = () => {
    if (typed !== 'DELETE') {
      toast({
        title: ADMIN_MESSAGES.confirmation,
        description: 'Type DELETE in capitals to confirm.',
        variant: 'destructive',
      });
      return;
    }
    deleteMany.mutate([...selected]);
  };

  const data = list.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.limit)) : 1;
  const deletable = (data?.users ?? []).filter((u) => canDelete(u, selfEmail));
  const allOnPage = deletable.length > 0 && deletable.every((u) => selected.has(u.id));
  const toggle = (id: string) =>
    setSelected((s) => {
      const next = new Set(s);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  return (
    <div>
      <form
        role="search"
        className="flex flex-wrap items-end gap-3"
        onSubmit={(e) => {
          e.preventDefault();
          setQ(searchDraft.trim());
          setPage(1);
        }}
      >
        <div className="min-w-56 flex-1">
          <Label htmlFor="users-search">Search users</Label>
          <Input
            id="users-search"
            type="search"
            placeholder="Name or email"
            value={searchDraft}
            onChange={(e) => setSearchDraft(e.target.value)}
          />
        </div>
        <div>
          <Label htmlFor="users-type">Type</Label>
          <Select
            id="users-type"
            value={userType}
            onChange={(e) => {
              setUserType(e.target.value);
              setPage(1);
            }}
          >
            <option value="">All types</option>
            {USER_TYPES.map((type) => (
              <option key={type} value={type}>
                {TYPE_LABEL[type]}
              </option>
            ))}
          </Select>
        </div>
        <div>
          <Label htmlFor="users-premium">Premium</Label>
          <Select
            id="users-premium"
            value={premium}
            onChange={(e) => {
              setPremium(e.target.value);
              setPage(1);
            }}
          >
            <option value="">Everyone</option>
            <option value="true">Premium</option>
            <option value="false">Free</option>
          </Select>
        </div>
        <Button variant="destructive" disabled={selected.size === 0} onClick={() => setBulkOpen(true)}>
          <Trash2 className="h-4 w-4" aria-hidden />
          Bulk Delete ({selected.size})
        </Button>
      </form>

      <div className="mt-4">
        {list.isLoading ? (
          <Skeleton className="h-64" />
        ) : list.isError ? (
          <Alert tone="error" title="Could not load the users">
            <Button variant="outline" size="sm" className="mt-2" onClick={() => list.refetch()}>
              Try again
            </Button>
          </Alert>
        ) : !data || data.users.length === 0 ? (
          <EmptyState icon={<Users className="h-8 w-8" aria-hidden />} title="No users found">
            Try another search or filter.
          </EmptyState>
        ) : (
          <>
            <p className="mb-2 text-sm text-slate-600">{data.total.toLocaleString('en-GB')} users</p>
            <div className="relative overflow-x-auto rounded-xl border border-slate-200 bg-white">
              <table className="w-full min-w-[44rem] text-left text-sm">
                <thead className="border-b border-slate-200 bg-slate-50 text-slate-600">
                  <tr>
                    <th scope="col" className="w-10 px-3 py-2">
                      <input
                        type="checkbox"
                        aria-label="Select every user on this page"
                        checked={allOnPage}
                        onChange={() =>
                          setSelected((s) => {
                            const next = new Set(s);
                            for (const u of deletable) {
                              if (allOnPage) next.delete(u.id);
                              else next.add(u.id);
                            }
                            return next;
                          })
                        }
                      />
                    </th>
                    <th scope="col" className="px-3 py-2 font-medium">
                      Name
                    </th>
                    <th scope="col" className="px-3 py-2 font-medium">
                      Email
                    </th>
                    <th scope="col" className="px-3 py-2 font-medium">
                      Type
                    </th>
                    <th scope="col" className="px-3 py-2 font-medium">
                      Premium
                    </th>
                    <th scope="col" className="px-3 py-2 font-medium">
                      Joined
                    </th>
                    <th scope="col" className="px-3 py-2 font-medium">
                      <span className="sr-only">Actions</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {data.users.map((user) => {
                    const name = `${user.firstName} ${user.lastName}`;
                    const removable = canDelete(user, selfEmail);
                    return (
                      <tr key={user.id} className="border-b border-slate-100 last:border-0">
                        <td className="px-3 py-2">
                          <input
                            type="checkbox"
                            aria-label={`Select ${name}`}
                            disabled={!removable}
                            checked={selected.has(user.id)}
                            onChange={() => toggle(user.id)}
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
                        <td className="px-3 py-2">{user.userType ? TYPE_LABEL[user.userType] : '—'}</td>
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
                              <Button
                                variant="ghost"
                                size="sm"
                                aria-label={`Delete ${name}`}
                                onClick={() => setToDelete(user)}
                              >
                                <Trash2 className="h-4 w-4 text-red-700" aria-hidden />
                              </Button>
                            </IconTooltip>
                          )}
                        </td>
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            </div>
            <Pager page={page} pages={pages} onPage={setPage} label="User pages" />
          </>
        )}
      </div>

      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(open) => !open && setToDelete(null)}
        title="Delete this user?"
        description={
          toDelete
            ? `${toDelete.firstName} ${toDelete.lastName} (${toDelete.email}) and everything their account owns will be deleted. This cannot be undone.`
            : ''
        }
        confirmLabel="Delete user"
        busy={deleteOne.isPending}
        onConfirm={() => toDelete && deleteOne.mutate(toDelete)}
      />

      <Dialog
        open={bulkOpen}
        onOpenChange={(open) => {
          setBulkOpen(open);
          if (!open) setTyped('');
        }}
      >
        <DialogContent
          title={`Delete ${selected.size} user${selected.size === 1 ? '' : 's'}?`}
          description="Their accounts and everything they own will be deleted. This cannot be undone. Super admins and your own account are always skipped."
        >
          <form
            onSubmit={(e) => {
              e.preventDefault();
              confirmBulk();
            }}
          >
            <Label htmlFor="bulk-confirm">Type DELETE to confirm</Label>
            <Input
              id="bulk-confirm"
              value={typed}
              autoComplete="off"
              onChange={(e) => setTyped(e.target.value)}
            />
            <div className="mt-4 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <DialogClose asChild>
                <Button variant="outline">Cancel</Button>
              </DialogClose>
              <Button type="submit" variant="destructive" busy={deleteMany.isPending}>
                Delete users
              </Button>
            </div>
          </form>
        </DialogContent>
      </Dialog>
    </div>
  );
}
