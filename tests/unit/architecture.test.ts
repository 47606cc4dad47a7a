// The code's own rules (issue 14), checked on the source: routes use the one request kit, ids are checked one
// way, SQL lives in queries files (and src/server/db), and the domain stays pure. A file that breaks a rule fails
// here.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return /\.(ts|tsx)$/.test(name) ? [full] : [];
  });
}

const read = (dir: string) =>
  sourceFiles(dir).map((file) => ({
    file: file.split(path.sep).join('/'),
    text: readFileSync(file, 'utf8'),
  }));
const files = read('src');
const testFiles = read('tests');
/** The homes of test helpers: factories (one per entity), request and mail helpers, Playwright fixtures. */
const helperHome = (file: string) =>
  /^tests\/(factories|support)\//.test(file) || file === 'tests/e2e/fixtures.ts';
const exportedFunctions = (text: string) =>
  [...text.matchAll(/export (?:async )?function (\w+)|export const (\w+) = (?:async )?\(/g)].map(
    (m) => m[1] ?? m[2],
  );

/** A value import's names are all `type X` (erased by the compiler, so nothing is loaded). */
const onlyTypes = (names: string) =>
  names
    .replace(/[{}]/g, '')
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean)
    .every((name) => name.startsWith('type '));

/** Every source file the given files load through static imports and re-exports (relative paths only). */
function staticImportClosure(entries: string[]): Set<string> {
  const seen = new Set<string>();
  const resolve = (from: string, spec: string) =>
    ['', '.ts', '.tsx', '/index.ts', '/index.tsx']
      .map((ext) => path.join(path.dirname(from), spec) + ext)
      .find((candidate) => existsSync(candidate) && statSync(candidate).isFile());
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(/^(?:import|export) (?!type )([^;]*?) from '(\.[^']+)'/gms)) {
      if (m[1].startsWith('{') && onlyTypes(m[1])) continue;
      const target = resolve(file, m[2]);
      if (target) visit(target.split(path.sep).join('/'));
    }
    for (const m of text.matchAll(/^import '(\.[^']+)'/gm)) {
      const target = resolve(file, m[1]);
      if (target) visit(target.split(path.sep).join('/'));
    }
  };
  for (const entry of entries) visit(entry);
  return seen;
}

describe('architecture', () => {
  it('checks ids one way: the UUID pattern is written only in src/domain/ids.ts', () => {
    const copies = files
      .filter(({ file, text }) => file !== 'src/domain/ids.ts' && text.includes('[0-9a-f]{8}-[0-9a-f]{4}'))
      .map(({ file }) => file);
    expect(copies).toEqual([]);
  });

  it('routes use the request kit instead of their own viewer, actor and path helpers', () => {
    const own = files
      .filter(({ file }) => /^src\/server\/features\/.+\/routes\.ts$/.test(file))
      .filter(({ text }) =>
        /(const|function) (param|viewerOf|actorOf|idOf)\b|request\.params as Record|function allowEmptyJson/.test(
          text,
        ),
      )
      .map(({ file }) => file);
    expect(own).toEqual([]);
  });

  it('keeps SQL in queries files: no drizzle-orm outside *queries.ts files and src/server/db', () => {
    const importing = files
      .filter(
        ({ file }) =>
          file.startsWith('src/') && !file.startsWith('src/server/db/') && !/(^|\/|-)queries\.ts$/.test(file),
      )
      .filter(({ text }) => /from 'drizzle-orm/.test(text))
      .map(({ file }) => file);
    expect(importing).toEqual([]);
  });

  it('keeps SQL in queries files: no raw SQL and no schema table outside *queries.ts files and src/server/db', () => {
    const outside = files.filter(
      ({ file }) =>
        file.startsWith('src/') && !file.startsWith('src/server/db/') && !/(^|\/|-)queries\.ts$/.test(file),
    );
    const rawSql = outside.filter(({ text }) => /\bsql`/.test(text)).map(({ file }) => file);
    expect(rawSql).toEqual([]);
    // A table is a value import; `import type { users }` (for a row's type) loads nothing and builds no query.
    const tables = outside.flatMap(({ file, text }) =>
      [...text.matchAll(/^import (?!type )([^;]*?) from '[./]*\/db\/schema'/gms)]
        .filter((m) => !(m[1].startsWith('{') && onlyTypes(m[1])))
        .map((m) => `${file}: ${m[1].replace(/\s+/g, ' ')}`),
    );
    expect(tables).toEqual([]);
  });

  it('features reach each other through services: only queries files import queries, and only for SQL parts', () => {
    const featureOf = (file: string) => /^src\/server\/features\/([^/]+)\//.exec(file)?.[1];
    const reaching = files
      .filter(
        ({ file }) =>
          file.startsWith('src/server/') &&
          !file.startsWith('src/server/db/') &&
          !/(^|\/|-)queries\.ts$/.test(file),
      )
      .flatMap(({ file, text }) =>
        [...text.matchAll(/from '(\.[^']*queries)'/g)]
          .map((m) => path.posix.normalize(path.posix.join(path.posix.dirname(file), m[1])))
          .filter((target) => {
            const own = featureOf(file);
            // A routes file never reads the database itself; any other file may use its own feature's queries
            // and the shared ones in src/server/db.
            if (/\/routes\.ts$/.test(file)) return true;
            return !target.startsWith('src/server/db/') && featureOf(target) !== own;
          })
          .map((target) => `${file} → ${target}`),
      );
    expect(reaching).toEqual([]);
  });

  it('keeps zod out of what the entry, list and detail pages import, whichever file imports it (issues 3 and 15)', () => {
    // Followed through every static import from these files (lazy imports are chunks of their own): the schemas load
    // with the forms that need them. A constant moved next to a schema once put 26 KB gzipped on /properties.
    const firstLoads = [
      'src/client/main.tsx',
      'src/client/features/properties/pages/properties-page.tsx',
      'src/client/features/properties/pages/property-detail-page.tsx',
      'src/client/features/contractors/pages/contractors-page.tsx',
      'src/client/features/contractors/pages/contractor-detail-page.tsx',
      'src/client/features/marketing/pages/landing-page.tsx',
    ];
    const reached = staticImportClosure(firstLoads);
    const withZod = [...reached].filter((file) => /from 'zod'/.test(readFileSync(file, 'utf8')));
    expect(withZod).toEqual([]);
    expect(reached.size).toBeGreaterThan(firstLoads.length);
  });

  it('keeps src/domain free of server and browser code', () => {
    const reaching = files
      .filter(({ file }) => file.startsWith('src/domain/'))
      .filter(({ text }) =>
        /from '\.\.\/(server|client)\/|from 'drizzle-orm|from 'fastify|from 'react/.test(text),
      )
      .map(({ file }) => file);
    expect(reaching).toEqual([]);
  });

  it('defines who is asking once: Actor, Viewer and the role checks only in src/domain/identity.ts', () => {
    const definitions =
      /(?:interface|class) (?:\w*Actor|\w*Viewer|Moderator)\b|\btype (?:\w*Actor|\w*Viewer)\b(?:<[^>]*>)? *=|(?:function|const) (?:isAdmin|isSuperAdmin|isStaff|isModerator)\b/g;
    // A role compared by hand is a role check written again (`role !== 'user'` is isAdmin).
    const roleCheck = /\brole\s*[!=]==\s*'(?:user|admin|super_admin)'/g;
    const again = files
      .filter(({ file }) => file !== 'src/domain/identity.ts')
      .flatMap(({ file, text }) =>
        [...text.matchAll(definitions), ...text.matchAll(roleCheck)].map((m) => `${file}: ${m[0]}`),
      )
      // The plan rules' minimal reading of a viewer (plans.ts): what every Viewer already is.
      .filter((found) => found !== 'src/domain/plans.ts: interface PlanViewer');
    expect(again).toEqual([]);
    expect(readFileSync('src/domain/identity.ts', 'utf8')).toMatch(/export interface Actor</);
  });

  it('gives each test helper one home: factories and request helpers are written once', () => {
    const homes = new Map<string, string[]>();
    for (const { file, text } of testFiles.filter(({ file }) => helperHome(file)))
      for (const name of exportedFunctions(text)) homes.set(name, [...(homes.get(name) ?? []), file]);
    const twice = [...homes]
      .filter(([, where]) => where.length > 1)
      .map(([name, where]) => `${name}: ${where}`);
    expect(twice).toEqual([]);
    const retyped = testFiles
      .filter(({ file }) => !helperHome(file))
      .flatMap(({ file, text }) =>
        [...text.matchAll(/(?:function|const) (\w+)\b/g)]
          .map((m) => m[1])
          .filter((name) => homes.has(name))
          .map((name) => `${file} defines ${name}`),
      );
    expect(retyped).toEqual([]);
    expect(homes.has('createListing') && homes.has('call') && homes.has('logInAs')).toBe(true);
  });
});
