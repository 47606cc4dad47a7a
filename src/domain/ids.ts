// Record ids are UUIDs. Anything else in an id's place is simply not found (404), never a database error.
export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** The same pattern without its anchors, to find ids inside text. */
export const UUID_SOURCE = UUID_PATTERN.source.slice(1, -1);

export function isUuid(value: unknown): value is string {
  return typeof value === 'string' && UUID_PATTERN.test(value);
}
