// Super Admin → User Management (doc 2 §6, §5 "bulk delete requires typing DELETE (else Confirmation Required)"):
// a paginated, searchable list filtered by type and premium; delete one with a confirmation, or many with DELETE typed.
// The pieces are in ./users: the list's rules (user-list-state.ts), its data (use-user-list.ts), the deletes
// (use-user-deletion.ts), and the form, table and dialog they draw.
import { Users } from 'lucide-react';
import type { TAdminUser } from '../../../../domain/admin';
import { ADMIN_DELETION_KEEPS } from '../../../../domain/evidence';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/dialog';
import { Alert, EmptyState, Skeleton } from '../../../components/ui/feedback';
import { Pager } from '../../../components/ui/pager';
import { BulkDeleteDialog } from './users/bulk-delete-dialog';
import { useUserDeletion } from './users/use-user-deletion';
import { useUserList } from './users/use-user-list';
import { UserFilters } from './users/user-filters';
import { allSelected, canDeleteUser, pageCount, userName } from './users/user-list-state';
import { UserTable } from './users/user-table';

export function UserManagementTab({ selfEmail }: { selfEmail: string | null }) {
  const { filters, dispatch, list } = useUserList();
  const deletion = useUserDeletion();
  const { selected, toDelete, bulk } = deletion;

  const data = list.data;
  const isDeletable = (user: TAdminUser) => canDeleteUser(user, selfEmail);
  const deletable = (data?.users ?? []).filter(isDeletable);

  return (
    <div>
      <UserFilters
        filters={filters}
        dispatch={dispatch}
        selectedCount={selected.size}
        onBulkDelete={bulk.start}
      />

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
            <p className="mb-2 text-sm text-slate-600">
              {data.total.toLocaleString('en-GB')} {data.total === 1 ? 'user' : 'users'}
            </p>
            <UserTable
              users={data.users}
              selected={selected}
              allOnPage={allSelected(selected, deletable)}
              isDeletable={isDeletable}
              onToggle={deletion.toggle}
              onTogglePage={() => deletion.togglePage(deletable)}
              onDelete={deletion.askToDelete}
            />
            <Pager
              page={filters.page}
              pages={pageCount(data.total, data.limit)}
              onPage={(page) => dispatch({ type: 'page', page })}
              label="User pages"
            />
          </>
        )}
      </div>

      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(open) => !open && deletion.cancelDelete()}
        title="Delete this user?"
        description={
          toDelete
            ? `${userName(toDelete)} (${toDelete.email}) will be deleted. ${ADMIN_DELETION_KEEPS} This cannot be undone.`
            : ''
        }
        confirmLabel="Delete user"
        busy={deletion.deletingOne}
        onConfirm={deletion.confirmDelete}
      />

      <BulkDeleteDialog
        open={bulk.open}
        onOpenChange={bulk.onOpenChange}
        count={selected.size}
        typed={bulk.typed}
        onTyped={bulk.setTyped}
        onConfirm={bulk.confirm}
        busy={bulk.busy}
      />
    </div>
  );
}
