// The admin area's calls (doc 2 §7) and the queries the pages share.

import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect } from 'react';
import type { TAdminAuth } from '../../../domain/admin';
import { londonToday } from '../../../domain/dates';
import { ApiError, apiRequest } from '../../lib/api';

export const ADMIN_AUTH_KEY = ['/api/admin/auth'] as const;

/** GET with a query string built from the defined, non-empty values. */
export function adminGet<T>(
  path: string,
  params: Record<string, string | number | undefined | null> = {},
): Promise<T> {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params))
    if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
  const query = search.toString();
  return apiRequest<T>('GET', query ? `${path}?${query}` : path);
}

/** Who is signed in to the admin area: asked of the server on every admin page (the API is the gate). */
export function useAdminAuth() {
  return useQuery({
    queryKey: ADMIN_AUTH_KEY,
    queryFn: () => apiRequest<TAdminAuth>('GET', '/api/admin/auth'),
    staleTime: 30_000,
    refetchOnWindowFocus: true,
  });
}

export function useRefreshAdminAuth() {
  const client = useQueryClient();
  return useCallback(() => client.invalidateQueries({ queryKey: ADMIN_AUTH_KEY }), [client]);
}

/** Pence as pounds for people: £1,234 (no pence when whole). */
export function formatPounds(pence: number): string {
  return new Intl.NumberFormat('en-GB', {
    style: 'currency',
    currency: 'GBP',
    minimumFractionDigits: pence % 100 === 0 ? 0 : 2,
  }).format(pence / 100);
}

const dateTime = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: 'Europe/London',
});
const dateOnly = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'Europe/London',
});

export const formatDateTime = (iso: string | null | undefined) =>
  iso ? dateTime.format(new Date(iso)) : '—';
export const formatDate = (iso: string | null | undefined) => (iso ? dateOnly.format(new Date(iso)) : '—');

export function shiftDay(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** A data call answered 401: the admin session has gone, so ask again and let the layout send them to log in. */
export function useAuthLossCheck(error: unknown) {
  const refresh = useRefreshAdminAuth();
  const lost = error instanceof ApiError && error.status === 401;
  useEffect(() => {
    if (lost) void refresh();
  }, [lost, refresh]);
}

export { londonToday };
