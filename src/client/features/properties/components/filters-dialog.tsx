// The filters in a dialog, for screens without the sidebar (below lg). Loaded on demand by /properties, so the
// list page starts without the dialog code.
import type { ReactNode } from 'react';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogClose, DialogContent } from '../../../components/ui/dialog';

export default function FiltersDialog({
  onClose,
  doneLabel,
  children,
}: {
  onClose: () => void;
  /** The closing button's text ("Show 12 homes" or "Done"). */
  doneLabel: string;
  /** The filters panel. */
  children: ReactNode;
}) {
  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
    >
      <DialogContent title="Filters" className="max-w-md">
        {children}
        <DialogClose asChild>
          <Button className="mt-4 w-full">{doneLabel}</Button>
        </DialogClose>
      </DialogContent>
    </Dialog>
  );
}
