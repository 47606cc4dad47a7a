// Keyset pagination cursor: the last row's sort key and id, as base64url JSON. Opaque to clients; a page
// continues strictly after the row it names, so listings added meanwhile never shift or repeat a page.

import { isSaneInstant } from '../../../domain/dates';
import { isUuid } from '../../../domain/ids';
import type { PropertySort } from '../../../domain/properties';

export interface PageCursor {
  sort: PropertySort;
  /** `newest`: created_at in UTC with microseconds ("2025-01-31T09:15:02.123456Z"); rent sorts: pence. */
  key: string | number;
  id: string;
}

const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;

export function encodeCursor(cursor: PageCursor): string {
  return Buffer.from(JSON.stringify({ s: cursor.sort, k: cursor.key, i: cursor.id }), 'utf8').toString(
    'base64url',
  );
}

/** The cursor, or null when it is not one this server made for this sort. */
export function decodeCursor(text: string, sort: PropertySort): PageCursor | null {
  if (!/^[A-Za-z0-9_-]+$/.test(text)) return null;
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  if (!value || typeof value !== 'object') return null;
  const { s, k, i } = value as { s?: unknown; k?: unknown; i?: unknown };
  if (s !== sort || typeof i !== 'string' || !isUuid(i)) return null;
  if (sort === 'newest') {
    // The round trip through Date rejects impossible dates such as 30 February.
    if (typeof k !== 'string' || !TIMESTAMP.test(k)) return null;
    const date = new Date(k);
    if (!isSaneInstant(date) || date.toISOString().slice(0, 23) !== k.slice(0, 23)) return null;
  } else if (typeof k !== 'number' || !Number.isSafeInteger(k) || k < 0 || k > 2_147_483_647) {
    return null;
  }
  return { sort, key: k, id: i };
}
