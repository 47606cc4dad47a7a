// Whether this render may use what only the browser knows (local storage, the window's size). A server-rendered
// page's first browser render must match the server's HTML, so it answers false there and true from the next
// render on; a page drawn in the browser alone answers true at once.
import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
