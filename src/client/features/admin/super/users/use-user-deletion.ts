// Deleting users: the selection (kept across pages), one delete behind a confirmation, and the bulk delete that
// asks for DELETE typed first (doc 2 §5: otherwise "Confirmation Required", and nothing is sent).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ADMIN_MESSAGES, type TAdminUser, type TBulkDeleteReply } from '../../../../../domain/admin';
import { apiRequest, errorMessage } from '../../../../lib/api';
import { toast } from '../../../../lib/toast';
import { ALL_USERS_KEY } from './use-user-list';
import { BULK_DELETE_WORD, togglePage, toggleUser, withoutUser } from './user-list-state';

export function useUserDeletion() {
  const queryClient = useQueryClient();
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [toDelete, setToDelete] = useState<TAdminUser | null>(null);
  const [bulkOpen, setBulkOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const refresh = () => queryClient.invalidateQueries({ queryKey: ALL_USERS_KEY });

  const deleteOne = useMutation({
    mutationFn: (user: TAdminUser) =>
      apiRequest<{ message: string }>('DELETE', `/api/admin/delete-user/${user.id}`),
    onSuccess: (reply, user) => {
      toast({ title: 'User deleted', description: reply.message });
      setSelected((s) => withoutUser(s, user.id));
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
        confirmation: BULK_DELETE_WORD,
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

  return {
    selected,
    toggle: (id: string) => setSelected((s) => toggleUser(s, id)),
    togglePage: (deletable: readonly TAdminUser[]) => setSelected((s) => togglePage(s, deletable)),
    /** The user whose single delete waits for confirmation. */
    toDelete,
    askToDelete: setToDelete,
    cancelDelete: () => setToDelete(null),
    confirmDelete: () => toDelete && deleteOne.mutate(toDelete),
    deletingOne: deleteOne.isPending,
    bulk: {
      open: bulkOpen,
      typed,
      setTyped,
      busy: deleteMany.isPending,
      start: () => setBulkOpen(true),
      onOpenChange: (open: boolean) => {
        setBulkOpen(open);
        if (!open) setTyped('');
      },
      confirm: () => {
        if (typed !== BULK_DELETE_WORD) {
          toast({
            title: ADMIN_MESSAGES.confirmation,
            description: 'Type DELETE in capitals to confirm.',
            variant: 'destructive',
          });
          return;
        }
        deleteMany.mutate([...selected]);
      },
    },
  };
}
