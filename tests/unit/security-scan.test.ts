// `npm run test:security`'s reading of sqlmap and npm audit (scripts/security/*), held to their real words: the
// sqlmap lines are from Debian's sqlmap 1.7.2 scanning the self-check server and the app, the audit replies from
// npm 11 (the 405 is this machine's registry's).
import { describe, expect, it } from 'vitest';
import { type AuditException, auditPasses, classifyAudit } from '../../scripts/security/audit';
import {
  classifySqlmap,
  judgeAppScan,
  SQLMAP_LEVEL,
  SQLMAP_RISK,
  SQLMAP_SHORT_LEVEL,
  sqlmapArgs,
  TRAFFIC_REQUEST_LINE,
} from '../../scripts/security/sqlmap';
import {
  ALIAS_SEARCH,
  appTargets,
  filterSearch,
  LOGIN_FIELDS,
  SEARCH_PARAMETERS,
  selfCheckTargets,
} from '../../scripts/security/targets';

const ESC = '\u001b';
const START = [
  '[*] starting @ 02:41:55 /2026-11-26/',
  '',
  `${ESC}[?1049h${ESC}[22;0;0t${ESC}[1;24r${ESC}(B${ESC}[m${ESC}[4l${ESC}[?7h${ESC}[24;1H${ESC}[?1049l${ESC}[23;0;0t\r${ESC}[?1l${ESC}>\r[02:41:55] [WARNING] using '/tmp/out' as the output directory`,
  '[02:41:56] [INFO] testing connection to the target URL',
  '[02:41:57] [INFO] target URL content is stable',
].join('\n');

const GET_FOUND = `${START}
[02:41:57] [WARNING] heuristic (basic) test shows that GET parameter 'name' might not be injectable
[02:41:57] [INFO] testing for SQL injection on GET parameter 'name'
[02:41:57] [INFO] GET parameter 'name' appears to be 'AND boolean-based blind - WHERE or HAVING clause' injectable 
[02:42:08] [INFO] GET parameter 'name' is 'Generic UNION query (NULL) - 1 to 20 columns' injectable
GET parameter 'name' is vulnerable. Do you want to keep testing the others (if any)? [y/N] N
sqlmap identified the following injection point(s) with a total of 55 HTTP(s) requests:
---
Parameter: name (GET)
    Type: boolean-based blind
    Title: AND boolean-based blind - WHERE or HAVING clause
    Payload: name=garden' AND 5223=5223 AND 'LyEm'='LyEm

    Type: time-based blind
    Title: PostgreSQL > 8.1 AND time-based blind
    Payload: name=garden' AND 1740=(SELECT 1740 FROM PG_SLEEP(5)) AND 'bODM'='bODM
---
[02:42:08] [WARNING] HTTP error codes detected during run:
500 (Internal Server Error) - 42 times
`;

const JSON_FOUND = `${START}
[02:42:10] [INFO] testing for SQL injection on (custom) POST parameter 'JSON email'
(custom) POST parameter 'JSON email' is vulnerable. Do you want to keep testing the others (if any)? [y/N] N
sqlmap identified the following injection point(s) with a total of 115 HTTP(s) requests:
---
Parameter: JSON email ((custom) POST)
    Type: boolean-based blind
    Title: AND boolean-based blind - WHERE or HAVING clause
    Payload: {"email":"tenant@selfcheck.test' AND 9793=9793 AND 'tONR'='tONR","password":"correct horse"}

    Type: time-based blind
    Title: PostgreSQL > 8.1 AND time-based blind
    Payload: {"email":"tenant@selfcheck.test' AND 2898=(SELECT 2898 FROM PG_SLEEP(5)) AND 'ofvi'='ofvi","password":"correct horse"}
---
`;

const LOGIN_CLEAN = `${START}
[02:50:54] [ERROR] possible type casting detected (e.g. '$JSON email=intval($_REQUEST["JSON email"])') at the back-end web application
do you want to skip those kind of cases (and save scanning time)? [Y/n] N
[02:50:54] [INFO] testing for SQL injection on (custom) POST parameter 'JSON email'
[02:50:56] [WARNING] (custom) POST parameter 'JSON email' does not seem to be injectable
[02:50:56] [WARNING] heuristic (basic) test shows that (custom) POST parameter 'JSON password' might not be injectable
[02:51:09] [WARNING] (custom) POST parameter 'JSON password' does not seem to be injectable
[02:51:09] [ERROR] all tested parameters do not appear to be injectable. Try to increase values for '--level'/'--risk' options if you wish to perform more tests.
[02:51:09] [WARNING] HTTP error codes detected during run:
400 (Bad Request) - 477 times, 401 (Unauthorized) - 341 times
`;

const SEARCH_CSV = 'Target URL,Place,Parameter,Technique(s),Note(s)\n';

/** sqlmap's output, with the CSV it wrote (its header alone unless said), after a normal exit. */
function read(output: string, parameters: readonly string[], csv: string | null = SEARCH_CSV) {
  return classifySqlmap({ output, csv, exitCode: 0, parameters });
}

describe('reading sqlmap', () => {
  it('finds the injection point in the CSV, whatever the terminal codes around the output', () => {
    const csv = `${SEARCH_CSV}http://127.0.0.1:42163/search?name=garden,GET,name,BTU,\n`;
    const verdict = read(GET_FOUND, ['name'], csv);
    expect(verdict.outcome).toBe('findings');
    expect(verdict.findings).toEqual([
      { parameter: 'name', detail: 'boolean-based blind, time-based blind, UNION query' },
    ]);
    expect(verdict.problems).toEqual([]);
  });

  it('finds a JSON field from the printed report when there is no CSV', () => {
    const verdict = read(JSON_FOUND, LOGIN_FIELDS, null);
    expect(verdict.outcome).toBe('findings');
    expect(verdict.findings).toEqual([
      { parameter: 'email', detail: 'boolean-based blind, time-based blind' },
    ]);
    // sqlmap stops at the first hole: the other field is untested, which a finding outranks.
    expect(verdict.problems).toEqual(['sqlmap reported nothing on: password']);
  });

  it('counts "is vulnerable" alone as a finding', () => {
    const output = `${START}\nGET parameter 'q' is vulnerable. Do you want to keep testing the others (if any)? [y/N] N\n`;
    expect(read(output, ['q']).findings).toEqual([{ parameter: 'q', detail: 'injectable' }]);
  });

  it('is clean only when every parameter reports "does not seem to be injectable"', () => {
    expect(read(LOGIN_CLEAN, LOGIN_FIELDS)).toEqual({
      outcome: 'clean',
      findings: [],
      tested: ['email', 'password'],
      problems: [],
      errorStatuses: { 400: 477, 401: 341 },
    });
  });

  it('is broken when a parameter was skipped', () => {
    const skipped = LOGIN_CLEAN.replace(
      /do you want to skip those kind of cases.*\n[^\n]*\n[^\n]*\n/,
      "do you want to skip those kind of cases (and save scanning time)? [Y/n] Y\n[02:48:02] [INFO] skipping (custom) POST parameter 'JSON email'\n",
    );
    const verdict = read(skipped, LOGIN_FIELDS);
    expect(verdict.outcome).toBe('broken');
    expect(verdict.problems).toEqual(['sqlmap reported nothing on: email']);
  });

  it('is broken when sqlmap could not ask (exit status 0 all the same)', () => {
    for (const error of [
      "host 'search' does not exist, skipping to the next target",
      "not authorized, try to provide right HTTP authentication type and valid credentials (401). If this is intended, try to rerun by providing a valid value for option '--ignore-code', skipping to the next target",
    ]) {
      const output = `${START}\n[02:41:42] [ERROR] ${error}\n`;
      const verdict = read(output, ['q']);
      expect(verdict.outcome).toBe('broken');
      expect(verdict.problems).toEqual([error, 'sqlmap reported nothing on: q']);
    }
    const critical = `${START}\n[02:41:42] [CRITICAL] connection timed out to the target URL\n`;
    expect(read(critical, [], null).outcome).toBe('broken');
  });

  it('is broken when sqlmap fails, with no output at all', () => {
    const verdict = classifySqlmap({ output: '', csv: null, exitCode: 1, parameters: ['q'] });
    expect(verdict.outcome).toBe('broken');
    expect(verdict.problems).toEqual(['sqlmap reported nothing on: q', 'sqlmap exited with 1']);
  });

  it("counts a heuristic's database error or reflected payload as a finding, not its 'might not be'", () => {
    const output = `${START}
[02:46:49] [INFO] heuristic (basic) test shows that GET parameter 'q' might be injectable (possible DBMS: 'PostgreSQL')
[02:46:49] [INFO] heuristic (XSS) test shows that GET parameter 'q' might be vulnerable to cross-site scripting (XSS) attacks
[02:46:50] [WARNING] heuristic (basic) test shows that GET parameter 'location' might not be injectable
[02:46:57] [WARNING] GET parameter 'q' does not seem to be injectable
[02:46:57] [WARNING] GET parameter 'location' does not seem to be injectable
`;
    const verdict = read(output, ['q', 'location']);
    expect(verdict.outcome).toBe('findings');
    expect(verdict.findings).toEqual([
      { parameter: 'q', detail: 'heuristic (basic): might be injectable' },
      { parameter: 'q', detail: 'heuristic (XSS): might be vulnerable to cross-site scripting' },
    ]);
  });

  it("fails the app's scan on a server error or a rate-limited answer, not on refusals", () => {
    const clean = read(LOGIN_CLEAN, LOGIN_FIELDS);
    expect(judgeAppScan(clean)).toEqual(clean);
    const failing = (line: string) =>
      judgeAppScan(read(LOGIN_CLEAN.replace(/^400 \(Bad Request\).*$/m, line), LOGIN_FIELDS));
    const errors = failing('400 (Bad Request) - 70 times, 500 (Internal Server Error) - 3 times');
    expect(errors.outcome).toBe('findings');
    expect(errors.findings).toEqual([{ parameter: '(any)', detail: 'answered 500 3 times' }]);
    const limited = failing('401 (Unauthorized) - 10 times, 429 (Too Many Requests) - 731 times');
    expect(limited.outcome).toBe('broken');
    expect(limited.problems).toEqual(['rate-limited: 429 731 times']);
  });

  it('counts the requests in the traffic file', () => {
    const traffic = [
      'HTTP request [#1]:',
      'GET /search?name=garden HTTP/1.1',
      '',
      'HTTP response [#1] (200 OK):',
      '{"items":[]}',
      '',
      'HTTP request [#2]:',
      'GET /search?name=garden%27 HTTP/1.1',
    ];
    expect(traffic.filter((line) => TRAFFIC_REQUEST_LINE.test(line))).toHaveLength(2);
  });

  it("asks sqlmap for level 1 in CI's short form (--short), risk 1 all the same", () => {
    const [, login] = selfCheckTargets('http://127.0.0.1:1');
    const args = sqlmapArgs(login, '/tmp/out', '/tmp/traffic.txt', SQLMAP_SHORT_LEVEL);
    expect(SQLMAP_SHORT_LEVEL).toBe(1);
    expect(args).toEqual(expect.arrayContaining(['--level=1', '--risk=1', '--batch']));
    expect(args).not.toContain('--level=2');
  });

  it('asks sqlmap for level 2, risk 1, no questions, every named parameter and a JSON body', () => {
    const [, login] = selfCheckTargets('http://127.0.0.1:1');
    const args = sqlmapArgs(login, '/tmp/out', '/tmp/traffic.txt');
    expect([SQLMAP_LEVEL, SQLMAP_RISK]).toEqual([2, 1]);
    expect(args).toEqual(
      expect.arrayContaining([
        '--batch',
        '--level=2',
        '--risk=1',
        '--flush-session',
        '--answers=skip those kind of cases=N',
      ]),
    );
    expect(args[args.indexOf('-u') + 1]).toBe('http://127.0.0.1:1/login');
    expect(args[args.indexOf('-p') + 1]).toBe('email,password');
    expect(JSON.parse(args[args.indexOf('--data') + 1])).toEqual({
      email: 'tenant@selfcheck.test',
      password: 'correct horse',
    });
    expect(args[args.indexOf('--ignore-code') + 1]).toBe('401');
    expect(args[args.indexOf('--output-dir') + 1]).toBe('/tmp/out');
  });
});

describe('what is scanned in the app', () => {
  const targets = appTargets('http://127.0.0.1:1', 'CURSOR', { email: 'a@b.test', password: 'pw' });
  const searches = targets.filter((t) => t.url.includes('/api/properties?'));

  it('scans every query parameter of GET /api/properties exactly once, each with a base value', () => {
    const scanned = searches.flatMap((t) => t.parameters);
    expect([...scanned].sort()).toEqual([...SEARCH_PARAMETERS].sort());
    for (const target of searches) {
      const query = new URL(target.url).searchParams;
      for (const parameter of target.parameters) expect(query.get(parameter)).toBeTruthy();
    }
    expect(new URL(searches[0].url).searchParams.get('cursor')).toBe('CURSOR');
  });

  it('never puts a parameter beside its alias, where it would be ignored', () => {
    const aliases = [
      ['q', 'search'],
      ['propertyType', 'type'],
      ['minRent', 'price_min'],
      ['maxRent', 'price_max'],
    ];
    for (const query of [filterSearch('CURSOR'), ALIAS_SEARCH])
      for (const pair of aliases) expect(pair.filter((name) => name in query)).toHaveLength(1);
  });

  it("scans both fields of POST /api/login's JSON body, sent as the site sends it", () => {
    const login = targets.find((t) => t.data !== undefined);
    expect(login?.parameters).toEqual(LOGIN_FIELDS);
    expect(LOGIN_FIELDS).toEqual(['email', 'password']);
    expect(JSON.parse(login?.data ?? '')).toEqual({ email: 'a@b.test', password: 'pw' });
    expect(login?.headers).toContain('Origin: http://127.0.0.1:1');
    expect(login?.ignoreCodes).toEqual([401]);
  });
});

// ---- npm audit ----

/** This machine's registry, verbatim (npm audit --omit=dev --json, exit status 1). */
const REFUSED_405 = JSON.stringify({
  message: '405 Method Not Allowed - POST https://registry.npmjs.org/-/npm/v1/security/advisories/bulk',
  method: 'POST',
  uri: 'https://registry.npmjs.org/-/npm/v1/security/advisories/bulk',
  headers: { allow: ['GET,HEAD'], 'content-length': ['0'], 'x-fetch-attempts': ['1'] },
  statusCode: 405,
  body: '',
  error: { summary: '', detail: '' },
});

function report(
  vulnerabilities: Record<string, unknown>,
  counts: Partial<Record<'info' | 'low' | 'moderate' | 'high' | 'critical', number>>,
) {
  const full = { info: 0, low: 0, moderate: 0, high: 0, critical: 0, ...counts };
  const total = Object.values(full).reduce((a, b) => a + b, 0);
  return JSON.stringify({
    auditReportVersion: 2,
    vulnerabilities,
    metadata: {
      vulnerabilities: { ...full, total },
      dependencies: { prod: 118, dev: 426, optional: 12, peer: 0, peerOptional: 0, total: 543 },
    },
  });
}

const PATH_TO_REGEXP = {
  'path-to-regexp': {
    name: 'path-to-regexp',
    severity: 'high',
    isDirect: false,
    via: [
      {
        source: 1101844,
        name: 'path-to-regexp',
        dependency: 'path-to-regexp',
        title: 'path-to-regexp outputs backtracking regular expressions',
        url: 'https://github.com/advisories/GHSA-9wv6-86v2-598j',
        severity: 'high',
        range: '<0.1.10',
      },
    ],
    effects: ['express'],
    range: '<0.1.10',
    nodes: ['node_modules/path-to-regexp'],
    fixAvailable: true,
  },
  express: {
    name: 'express',
    severity: 'high',
    isDirect: true,
    via: ['path-to-regexp'],
    effects: [],
    range: '4.0.0-rc1 - 4.21.0',
    nodes: ['node_modules/express'],
    fixAvailable: true,
  },
};

describe('reading npm audit', () => {
  it('tells a registry that will not give advisories (405, 404) from an audit', () => {
    const verdict = classifyAudit(REFUSED_405);
    expect(verdict).toMatchObject({ outcome: 'refused', status: 405 });
    expect(auditPasses(verdict, false)).toBe(true);
    expect(auditPasses(verdict, true)).toBe(false);
    const notFound = JSON.stringify({
      error: {
        code: 'E404',
        summary: '404 Not Found - POST https://mirror.example/-/npm/v1/security/advisories/bulk',
      },
    });
    expect(classifyAudit(notFound)).toMatchObject({ outcome: 'refused', status: 404 });
  });

  it('fails on any other failure: no network, a server error, no JSON', () => {
    const offline = JSON.stringify({
      error: {
        code: 'ENOTFOUND',
        summary: 'request to https://registry.npmjs.org/ failed, reason: getaddrinfo ENOTFOUND',
      },
    });
    const serverError = JSON.stringify({
      message: '500 Internal Server Error - POST https://x/bulk',
      statusCode: 500,
    });
    for (const stdout of [offline, serverError, '', 'npm error audit endpoint returned an error']) {
      const verdict = classifyAudit(stdout);
      expect(verdict.outcome).toBe('error');
      expect(auditPasses(verdict, false)).toBe(false);
    }
  });

  it('passes an audit with nothing high or critical, and says what it counted', () => {
    const cookie = {
      cookie: {
        name: 'cookie',
        severity: 'low',
        via: [
          {
            source: 1103907,
            name: 'cookie',
            title: 'cookie accepts cookie name, path, and domain with out of bounds characters',
            url: 'https://github.com/advisories/GHSA-pxg6-pf52-xh8x',
            severity: 'low',
          },
        ],
      },
    };
    for (const stdout of [report({}, {}), report(cookie, { low: 1 })]) {
      const verdict = classifyAudit(stdout);
      expect(verdict).toMatchObject({ outcome: 'audited', dependencies: 118, blocking: [], excepted: [] });
      expect(auditPasses(verdict, true)).toBe(true);
    }
  });

  it('fails on a high or critical advisory, named once however many packages it reaches', () => {
    const verdict = classifyAudit(report(PATH_TO_REGEXP, { high: 2 }));
    expect(verdict.outcome).toBe('audited');
    if (verdict.outcome !== 'audited') return;
    expect(verdict.counts.high).toBe(2);
    expect(verdict.blocking).toEqual([
      {
        id: 'GHSA-9wv6-86v2-598j',
        package: 'path-to-regexp',
        severity: 'high',
        title: 'path-to-regexp outputs backtracking regular expressions',
        url: 'https://github.com/advisories/GHSA-9wv6-86v2-598j',
      },
    ]);
    expect(auditPasses(verdict, false)).toBe(false);
  });

  it('passes a high advisory only by a recorded exception', () => {
    const exception: AuditException = {
      advisory: 'GHSA-9wv6-86v2-598j',
      package: 'path-to-regexp',
      reason: 'only our own fixed routes reach it',
      recorded: '2026-11-26',
    };
    const verdict = classifyAudit(report(PATH_TO_REGEXP, { high: 2 }), [exception]);
    expect(verdict).toMatchObject({ outcome: 'audited', blocking: [] });
    if (verdict.outcome === 'audited')
      expect(verdict.excepted.map((a) => a.id)).toEqual(['GHSA-9wv6-86v2-598j']);
    expect(auditPasses(verdict, true)).toBe(true);
  });

  it('fails when the counts say high or critical but no advisory can be named', () => {
    const verdict = classifyAudit(report({}, { critical: 1 }));
    expect(verdict).toMatchObject({
      outcome: 'audited',
      blocking: [{ id: 'unnamed', severity: 'critical' }],
    });
    expect(auditPasses(verdict, false)).toBe(false);
  });
});
