// The site's origin (https://host) for absolute links in structured data: the browser's own, or on the server the
// one the request came to, so the server's HTML and the browser's first render say the same.
import { createContext, useContext } from 'react';

const OriginContext = createContext<string | null>(null);

export const OriginProvider = OriginContext.Provider;

export function useOrigin(): string {
  return useContext(OriginContext) ?? window.location.origin;
}
