// The contractor page's Request Quote button. The dialog's form and its schemas load when a pointer or the focus
// reaches the button (or on the press), not with the page (issue 15: zod stays off the detail pages' first load).
import { FileText } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { DialogFallback } from '../../../components/ui/dialog-fallback';
import type { QuoteRequestStart } from './quote-request-dialog';

const loadDialog = () => import('./quote-request-dialog');
const QuoteRequestDialog = lazy(() => loadDialog().then((m) => ({ default: m.QuoteRequestDialog })));
const preload = () => void loadDialog().catch(() => {});

export function QuoteRequestButton({
  contractorId,
  businessName,
  initial,
  size = 'lg',
  accessibleName,
}: {
  contractorId: string;
  businessName: string;
  /** A form filled in already (booking a compliance check). */
  initial?: QuoteRequestStart;
  size?: 'lg' | 'md';
  /** Said instead of "Request Quote" where several trades' buttons share a page. */
  accessibleName?: string;
}) {
  const [open, setOpen] = useState(false);
  // Kept mounted once opened, so a half-written request survives closing and reopening the dialog.
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button
        size={size}
        aria-label={accessibleName}
        className="w-full"
        aria-haspopup="dialog"
        onPointerEnter={preload}
        onFocus={preload}
        onClick={() => {
          setOpen(true);
          setOpened(true);
        }}
      >
        <FileText className="h-5 w-5" aria-hidden />
        Request Quote
      </Button>
      {opened && (
        <Suspense fallback={open ? <DialogFallback /> : null}>
          <QuoteRequestDialog
            contractorId={contractorId}
            businessName={businessName}
            open={open}
            onOpenChange={setOpen}
            initial={initial}
          />
        </Suspense>
      )}
    </>
  );
}
