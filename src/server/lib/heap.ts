// How much garbage V8 may let pile up (issue 15 item 6, decision 0037). After each full collection V8 sets the next
// one's trigger at the live size times a growing factor; left to itself it picks up to 4 under fast allocation, so a
// server with ~130 MB alive reaches 540 MB. A fixed factor bounds the peak without a hard cap: a larger live set
// still fits, it is only collected sooner. The flag is read at every collection, so it can be set after start-up.
import v8 from 'node:v8';

/** Fix V8's heap growing factor at 1 + percent/100 (0 leaves V8's own choice). */
export function applyHeapGrowth(percent: number): void {
  if (!Number.isInteger(percent) || percent < 0)
    throw new Error(`heap growth must be a whole percent: ${percent}`);
  if (percent > 0) v8.setFlagsFromString(`--heap-growing-percent=${percent}`);
}
