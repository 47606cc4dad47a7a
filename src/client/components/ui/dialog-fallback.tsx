// What shows while a lazily loaded dialog's code arrives: the dialog's dimmed backdrop and a spinner, announced
// as a status. Kept apart from ./dialog so that pages can open a lazy dialog without loading Radix up front.
export function DialogFallback({ label = 'Loading' }: { label?: string }) {
  return (
    <div className="fixed inset-0 z-50 flex items-center justify-center bg-slate-900/50">
      <div
        role="status"
        className="flex items-center gap-3 rounded-xl bg-white px-6 py-4 text-slate-600 shadow-xl"
      >
        <span
          className="h-6 w-6 animate-spin rounded-full border-2 border-primary-600 border-t-transparent"
          aria-hidden
        />
        <span>{label}…</span>
      </div>
    </div>
  );
}
