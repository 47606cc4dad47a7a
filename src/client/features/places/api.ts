// GET /api/places (issue 17): the UK places a place box suggests as someone types.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { TPlaceSuggestions } from '../../../domain/places';
import { getJson } from '../../lib/api';

/** Typing waits this long before asking, so a word typed quickly is one request. */
export const SUGGEST_DELAY_MS = 150;

export function placeSuggestionsQuery(q: string) {
  return queryOptions({
    queryKey: ['/api/places', q],
    queryFn: ({ signal }) => getJson<TPlaceSuggestions>(`/api/places?${new URLSearchParams({ q })}`, signal),
    // The places change only with a release.
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** Suggestions for what is typed, after a short pause; the last answer stays while the next is asked. */
export function usePlaceSuggestions(text: string, enabled: boolean) {
  const [q, setQ] = useState(text.trim());
  useEffect(() => {
    const timer = setTimeout(() => setQ(text.trim()), SUGGEST_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text]);
  return useQuery({
    ...placeSuggestionsQuery(q),
    enabled: enabled && q !== '',
    placeholderData: keepPreviousData,
  });
}
