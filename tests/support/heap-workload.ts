// A process that allocates as a busy server does: a live set that stays, and short-lived objects that outlive a
// young-generation collection before they die (so they land in the old generation as garbage). Prints the largest
// V8 heap it saw. Run by tests/unit/heap-growth.test.ts with the growth percent as its argument ("" for V8's own).
import v8 from 'node:v8';
import { applyHeapGrowth } from '../../src/server/lib/heap';

applyHeapGrowth(Number(process.argv[2] || 0));
const live = Array.from({ length: 200_000 }, (_, i) => ({ i, text: `${'x'.repeat(100)}${i}` }));
const recent = new Array(50_000);
let peak = 0;
for (let n = 0; n < 2_000_000; n++) {
  recent[n % recent.length] = { n, list: new Array(20).fill(n), text: `item ${n} ${'y'.repeat(50)}` };
  if (n % 10_000 === 0) peak = Math.max(peak, v8.getHeapStatistics().total_heap_size);
}
process.stdout.write(JSON.stringify({ peakMb: peak / 1048576, live: live.length }));
