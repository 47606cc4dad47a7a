// PostgreSQL text and jsonb cannot hold a NUL character: one in a request would become a 500, not a 400.

/** A JSON value with every NUL removed from its strings (keys included); everything else as it was. */
export function withoutNul(value: unknown): unknown {
  if (typeof value === 'string') return value.includes('\u0000') ? value.replaceAll('\u0000', '') : value;
  if (Array.isArray(value)) return value.map(withoutNul);
  if (value && typeof value === 'object') {
    const clean: Record<string, unknown> = {};
    for (const [key, v] of Object.entries(value)) {
      // defineProperty: a "__proto__" key stays a plain key, never a prototype.
      Object.defineProperty(clean, withoutNul(key) as string, {
        value: withoutNul(v),
        enumerable: true,
        writable: true,
        configurable: true,
      });
    }
    return clean;
  }
  return value;
}
