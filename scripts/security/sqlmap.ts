// What `npm run test:security` asks of sqlmap and how it reads the answer. Pure, so tests/unit/security-scan.test.ts
// can hold the reading to sqlmap's real words (Debian's sqlmap 1.7.2): sqlmap's exit status is 0 whether it found a
// hole, found none or could not reach the target, so the verdict comes from what it printed and wrote.

/** One request sqlmap varies: every parameter in `parameters`, one at a time, the others at their base values. */
export interface ScanTarget {
  name: string;
  url: string;
  /** A JSON body (sqlmap then sends a POST and varies the named fields). */
  data?: string;
  parameters: readonly string[];
  /** Sent with every request, as the site's own pages send them. */
  headers?: readonly string[];
  /** Status codes that are answers rather than failures (sqlmap stops at a 401 unless told). */
  ignoreCodes?: readonly number[];
}

export const SQLMAP_LEVEL = 2;
/** CI's gate (`npm run test:security -- --short`): level 1, sqlmap's default payload set, about half the requests. */
export const SQLMAP_SHORT_LEVEL = 1;
export const SQLMAP_RISK = 1;

export function sqlmapArgs(
  target: ScanTarget,
  outputDir: string,
  trafficFile: string,
  level: number = SQLMAP_LEVEL,
): string[] {
  return [
    '-u',
    target.url,
    ...(target.data === undefined ? [] : ['--data', target.data]),
    '-p',
    target.parameters.join(','),
    ...(target.headers?.length ? ['--headers', target.headers.join('\n')] : []),
    ...(target.ignoreCodes?.length ? ['--ignore-code', target.ignoreCodes.join(',')] : []),
    '--batch',
    // --batch takes each question's default, and one default skips a parameter whose odd values the app refuses
    // ("possible type casting detected… do you want to skip those kind of cases?"): every parameter is tested.
    '--answers=skip those kind of cases=N',
    `--level=${level}`,
    `--risk=${SQLMAP_RISK}`,
    '--flush-session',
    // Each request stands alone: no session cookie from one answer is sent with the next.
    '--drop-set-cookie',
    '--output-dir',
    outputDir,
    '-t',
    trafficFile,
    '--disable-coloring',
    // Generous on a shared machine: a timed-out request is a test not made, and counts as a broken scan.
    '--timeout=30',
    '--retries=1',
    '--threads=4',
  ];
}

export interface Finding {
  parameter: string;
  /** What sqlmap said: the techniques that worked, or the heuristic that fired. */
  detail: string;
}

export interface SqlmapVerdict {
  /** clean: every parameter tested, nothing found; findings: anything found; broken: the scan did not happen. */
  outcome: 'clean' | 'findings' | 'broken';
  findings: Finding[];
  /** The parameters sqlmap reported a result for. */
  tested: string[];
  problems: string[];
  /** The error statuses the target answered, and how often (sqlmap's "HTTP error codes detected" line). */
  errorStatuses: Record<string, number>;
}

// Terminal control sequences sqlmap's console library writes even into a pipe.
// biome-ignore lint/suspicious/noControlCharactersInRegex: the escape character is what is matched
const CONTROL = /\u001b(?:\[[0-9;?]*[A-Za-z]|\([A-Z0-9]|[=>])/g;

/**
 * sqlmap's ERROR lines that do not mean the scan failed: its verdict when nothing was found, and a remark on a
 * parameter it goes on testing (the parameter must still report a result, or it counts as untested).
 */
const BENIGN_ALARMS = [
  /all tested parameters do not appear to be injectable/,
  /possible type casting detected/,
];

/** "(custom) POST parameter 'JSON email'" and "GET parameter 'q'" both name the field as the target does. */
function fieldName(quoted: string): string {
  return quoted.replace(/^JSON /, '').trim();
}

const TECHNIQUES: Record<string, string> = {
  B: 'boolean-based blind',
  E: 'error-based',
  U: 'UNION query',
  S: 'stacked queries',
  T: 'time-based blind',
  Q: 'inline query',
};

/** The rows of the CSV sqlmap writes in its output folder: one per injectable parameter. */
function csvFindings(csv: string): Finding[] {
  const rows = csv.split(/\r?\n/).filter((line) => line.trim() !== '');
  return rows.slice(1).map((row) => {
    // Target URL,Place,Parameter,Technique(s),Note(s); the URL may hold commas, the rest do not.
    const cells = row.split(',');
    const techniques = cells.at(-2) ?? '';
    return {
      parameter: fieldName(cells.at(-3) ?? row),
      detail: [...techniques].map((letter) => TECHNIQUES[letter] ?? letter).join(', ') || 'injectable',
    };
  });
}

export function classifySqlmap(input: {
  /** Everything sqlmap printed (stdout and stderr). */
  output: string;
  /** The results CSV from the output folder, or null when sqlmap wrote none. */
  csv: string | null;
  exitCode: number | null;
  parameters: readonly string[];
}): SqlmapVerdict {
  const text = input.output.replace(CONTROL, '');
  const findings: Finding[] = input.csv ? csvFindings(input.csv) : [];
  const found = (parameter: string, detail: string) => {
    if (!findings.some((f) => f.parameter === parameter && f.detail === detail))
      findings.push({ parameter, detail });
  };
  const tested = new Set<string>();
  const problems: string[] = [];

  // The report block: "Parameter: JSON email ((custom) POST)" then "Type: boolean-based blind" lines.
  for (const block of text.matchAll(
    /^Parameter: (.+?) \((?:\(custom\) )?[A-Z]+\)\n((?:[ \t]+.*\n?|\n)*)/gm,
  )) {
    const types = [...block[2].matchAll(/^\s+Type: (.+)$/gm)].map((m) => m[1].trim());
    if (!findings.some((f) => f.parameter === fieldName(block[1])))
      found(fieldName(block[1]), types.join(', ') || 'injectable');
  }
  for (const line of text.split(/\r?\n/)) {
    const quoted = line.match(/parameter '([^']+)'/)?.[1];
    const parameter = quoted === undefined ? undefined : fieldName(quoted);
    if (parameter !== undefined) {
      if (/does not seem to be injectable/.test(line)) tested.add(parameter);
      if (/ is vulnerable\b/.test(line)) {
        tested.add(parameter);
        if (!findings.some((f) => f.parameter === parameter)) found(parameter, 'injectable');
      }
      // The heuristics: a database error in the answer, or a payload reflected into it. Any is a finding.
      const heuristic = line.match(
        /heuristic \((\w+)\) test shows that .* (might be (?:injectable|vulnerable to [^.]+?))(?: \(|\.|$)/,
      );
      if (heuristic) found(parameter, `heuristic (${heuristic[1]}): ${heuristic[2]}`);
    }
    const alarm = line.match(/\[(CRITICAL|ERROR)\] (.*)$/);
    if (alarm && !BENIGN_ALARMS.some((benign) => benign.test(alarm[2]))) problems.push(alarm[2]);
  }
  for (const f of findings) tested.add(f.parameter);
  const errorStatuses: Record<string, number> = {};
  const statusLine = text.match(/HTTP error codes detected during run:\s*\n(.*)/)?.[1] ?? '';
  for (const [, status, times] of statusLine.matchAll(/(\d{3}) \([^)]*\) - (\d+) times/g))
    errorStatuses[status] = Number(times);

  const untested = input.parameters.filter((p) => !tested.has(p));
  if (untested.length > 0) problems.push(`sqlmap reported nothing on: ${untested.join(', ')}`);
  if (input.exitCode !== 0) problems.push(`sqlmap exited with ${input.exitCode ?? 'a signal'}`);
  const outcome = findings.length > 0 ? 'findings' : problems.length > 0 ? 'broken' : 'clean';
  return { outcome, findings, tested: [...tested], problems, errorStatuses };
}

/**
 * The app's scan also fails on what its answers say: a 5xx is an unhandled error on hostile input (a finding), and
 * a 429 means the rate limit answered instead of the app (the scan did not test what it claims).
 */
export function judgeAppScan(verdict: SqlmapVerdict): SqlmapVerdict {
  const findings = [...verdict.findings];
  const problems = [...verdict.problems];
  for (const [status, times] of Object.entries(verdict.errorStatuses)) {
    if (status.startsWith('5'))
      findings.push({ parameter: '(any)', detail: `answered ${status} ${times} times` });
    if (status === '429') problems.push(`rate-limited: 429 ${times} times`);
  }
  const outcome = findings.length > 0 ? 'findings' : problems.length > 0 ? 'broken' : verdict.outcome;
  return { ...verdict, outcome, findings, problems };
}

/** The line that opens each request in sqlmap's traffic file (`-t`): counting them counts the requests sent. */
export const TRAFFIC_REQUEST_LINE = /^HTTP request \[#\d+\]:/;
