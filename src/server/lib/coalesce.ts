// Lookups asked for in the same turn of the event loop, answered by one call: under load, the requests that
// arrive together share one database round trip instead of making one each. Every caller still gets an
// answer read after it asked, so nothing is served from a cache.

/** Keys asked for together are loaded at most this many at a time. */
const MAX_BATCH = 100;

interface Waiting<V> {
  resolve: (value: V | undefined) => void;
  reject: (err: unknown) => void;
}

/**
 * Returns `get(key)`, which resolves to what `load` found for the key (undefined if nothing): `load` is
 * called once per turn with every distinct key asked for since the last call, up to MAX_BATCH at a time.
 */
export function coalesced<K, V>(load: (keys: K[]) => Promise<Map<K, V>>): (key: K) => Promise<V | undefined> {
  let pending: Map<K, Waiting<V>[]> | null = null;

  async function loadBatch(batch: [K, Waiting<V>[]][]) {
    try {
      const found = await load(batch.map(([key]) => key));
      for (const [key, waiting] of batch) for (const w of waiting) w.resolve(found.get(key));
    } catch (err) {
      for (const [, waiting] of batch) for (const w of waiting) w.reject(err);
    }
  }

  function flush() {
    const entries = [...(pending ?? [])];
    pending = null;
    for (let i = 0; i < entries.length; i += MAX_BATCH) void loadBatch(entries.slice(i, i + MAX_BATCH));
  }

  return (key) =>
    new Promise<V | undefined>((resolve, reject) => {
      if (!pending) {
        pending = new Map();
        setImmediate(flush);
      }
      const waiting = pending.get(key);
      if (waiting) waiting.push({ resolve, reject });
      else pending.set(key, [{ resolve, reject }]);
    });
}
