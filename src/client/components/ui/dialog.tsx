import * as DialogPrimitive from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { type ReactNode, useRef } from 'react';
import { cn } from '../../lib/cn';
import { Button } from './button';
import { IconTooltip } from './icon-tooltip';

export const Dialog = DialogPrimitive.Root;
export const DialogTrigger = DialogPrimitive.Trigger;
export const DialogClose = DialogPrimitive.Close;

/**
 * Where focus goes when a dialog closes (issue 30: focus was lost). Radix returns it only to a `Dialog.Trigger`, and
 * our dialogs are opened from state, so it fell to <body>. Back to the element that had focus when the dialog
 * opened (the button that opened it); if that is gone from the page (a menu item, a row that changed), to the
 * page's <main>, so the keyboard and screen reader carry on where the person was rather than at the top.
 */
export function returnFocus(opener: HTMLElement | null) {
  if (opener?.isConnected && opener !== document.body) {
    opener.focus();
    if (document.activeElement === opener) return;
  }
  const main = document.getElementById('main') ?? document.querySelector('main');
  if (main) {
    if (!main.hasAttribute('tabindex')) main.setAttribute('tabindex', '-1');
    main.focus({ preventScroll: true });
  }
}

export function DialogContent({
  title,
  description,
  children,
  className,
}: {
  title: string;
  description?: ReactNode;
  children?: ReactNode;
  className?: string;
}) {
  const opener = useRef<HTMLElement | null>(null);
  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-slate-900/50" />
      <DialogPrimitive.Content
        onOpenAutoFocus={() => {
          // Runs before focus moves into the dialog: the active element is still the one that opened it.
          opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
        }}
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          returnFocus(opener.current);
        }}
        className={cn(
          'fixed left-1/2 top-1/2 z-50 max-h-[90vh] w-[calc(100vw-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-xl bg-white p-6 shadow-xl',
          className,
        )}
      >
        <DialogPrimitive.Title className="pr-8 text-lg font-semibold text-slate-900">
          {title}
        </DialogPrimitive.Title>
        {description ? (
          <DialogPrimitive.Description className="mt-1 text-sm text-slate-600">
            {description}
          </DialogPrimitive.Description>
        ) : (
          <DialogPrimitive.Description className="sr-only">{title}</DialogPrimitive.Description>
        )}
        <div className="mt-4">{children}</div>
        <IconTooltip label="Close">
          <DialogPrimitive.Close
            className="absolute right-4 top-4 rounded p-1 text-slate-500 hover:bg-slate-100"
            aria-label="Close"
          >
            <X className="h-5 w-5" aria-hidden />
          </DialogPrimitive.Close>
        </IconTooltip>
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}

/**
 * A confirmation dialog, for destructive actions by default (`tone="primary"` for one that is not: accepting an
 * offer). `children` go above the buttons; `error` is the server's refusal, shown in the dialog.
 */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  onConfirm,
  busy,
  tone = 'destructive',
  error,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  confirmLabel: string;
  onConfirm: () => void;
  busy?: boolean;
  tone?: 'destructive' | 'primary';
  error?: string | null;
  children?: ReactNode;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title={title} description={description}>
        {children}
        {error && <FormError message={error} className="mb-3" />}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <DialogClose asChild>
            <Button variant="outline">Cancel</Button>
          </DialogClose>
          <Button variant={tone} onClick={onConfirm} busy={busy}>
            {confirmLabel}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}

/** A server's refusal of what a dialog or form sent, in its own words. */
export function FormError({ message, className }: { message: string; className?: string }) {
  return (
    <p role="alert" className={cn('rounded-md bg-red-50 p-3 text-sm text-red-800', className)}>
      {message}
    </p>
  );
}
