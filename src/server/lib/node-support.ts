// Which Node.js releases still get security fixes (issue 27): the server warns at start-up on one past its end of
// life. Dates from the Node.js release schedule (github.com/nodejs/Release, "End-of-life"); production runs Node 24
// LTS (.nvmrc, the Dockerfile), and the quick start still runs on 20.19+ while machines have it.

/** The last day each release line gets fixes (odd lines are never LTS and end after about 8 months). */
export const NODE_END_OF_LIFE: Readonly<Record<number, string>> = {
  16: '2023-09-11',
  17: '2022-06-01',
  18: '2025-04-30',
  19: '2023-06-01',
  20: '2026-04-30',
  21: '2024-06-01',
  22: '2027-04-30',
  23: '2025-06-01',
  24: '2028-04-30',
  25: '2026-06-01',
  26: '2029-04-30',
};
/** Anything older than the table ended long ago. */
const OLDEST_KNOWN = 16;

/** The warning to log for this Node version on this day, or null while it is supported (or newer than the table). */
export function nodeEndOfLifeWarning(version: string, today: Date): string | null {
  const major = Number(/^v?(\d+)\./.exec(version)?.[1]);
  if (!Number.isInteger(major)) return null;
  const end = NODE_END_OF_LIFE[major];
  if (end === undefined && major > OLDEST_KNOWN) return null;
  if (end !== undefined && today.toISOString().slice(0, 10) <= end) return null;
  const since = end ? ` on ${end}` : '';
  return `Node.js ${version} reached its end of life${since} and gets no security fixes: run Your Place on Node.js 24 LTS (see .nvmrc and the Dockerfile).`;
}
