// The "Save Search & Get Alerts" button of /properties. The dialog behind it (a form validated with zod) is a
// separate chunk: it loads when the button is pointed at, focused or pressed, so the list page starts without it.

import { Bell } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { showPlanPrompt } from '../../../components/plan/plan-prompt';
import { Button } from '../../../components/ui/button';
import { DialogFallback } from '../../../components/ui/dialog-fallback';
import { useAuth } from '../../../lib/auth';
import type { PropertyFilters } from '../url-state';

const loadDialog = () => import('./saved-search-dialog');
const SavedSearchDialog = lazy(loadDialog);
const preloadDialog = () => {
  loadDialog().catch(() => {});
};

export function SaveSearchButton({ filters }: { filters: PropertyFilters }) {
  const [open, setOpen] = useState(false);
  const auth = useAuth();
  // Without the plan, the button says what saved searches give instead of opening a form the server refuses.
  const press = () =>
    auth.may('savedSearches') ? setOpen(true) : showPlanPrompt('savedSearches', 'Save this search');
  return (
    <>
      <Button variant="accent" onClick={press} onPointerEnter={preloadDialog} onFocus={preloadDialog}>
        <Bell className="h-4 w-4" aria-hidden />
        {/* On a phone the bell alone, so the toolbar is one row and the map starts right under it. */}
        <span className="sr-only sm:not-sr-only">Save Search &amp; Get Alerts</span>
      </Button>
      {/* Mounted only while open: each opening starts from the current search (closes and resets, §4). */}
      {open && (
        <Suspense fallback={<DialogFallback />}>
          <SavedSearchDialog filters={filters} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
