// The bulk delete's dialog: DELETE typed in capitals, then the selected users are deleted together.
import { ADMIN_DELETION_KEEPS } from '../../../../../domain/evidence';
import { Button } from '../../../../components/ui/button';
import { Dialog, DialogClose, DialogContent } from '../../../../components/ui/dialog';
import { Input, Label } from '../../../../components/ui/input';
import { bulkDeleteTitle } from './user-list-state';

export function BulkDeleteDialog({
  open,
  onOpenChange,
  count,
  typed,
  onTyped,
  onConfirm,
  busy,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  count: number;
  typed: string;
  onTyped: (typed: string) => void;
  onConfirm: () => void;
  busy: boolean;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title={bulkDeleteTitle(count)}
        description={`${ADMIN_DELETION_KEEPS} This cannot be undone. Super admins and your own account are always skipped.`}
      >
        <form
          onSubmit={(e) => {
            e.preventDefault();
            onConfirm();
          }}
        >
          <Label htmlFor="bulk-confirm">Type DELETE to confirm</Label>
          <Input
            id="bulk-confirm"
            value={typed}
            autoComplete="off"
            onChange={(e) => onTyped(e.target.value)}
          />
          <div className="mt-4 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <DialogClose asChild>
              <Button variant="outline">Cancel</Button>
            </DialogClose>
            <Button type="submit" variant="destructive" busy={busy}>
              Delete users
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
