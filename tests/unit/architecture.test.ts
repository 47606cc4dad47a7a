// The code's own rules (issue 14), checked on the source: routes use the one request kit, ids are checked one
// way, SQL lives in queries files (and src/server/db), and the domain stays pure. A file that breaks a rule fails
// here.
import { readdirSync, readFileSync, statSync } from 'node:fs';
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

  it('keeps zod out of the domain modules the list pages load first (their initial JavaScript, issues 3 and 15)', () => {
    // The list pages show dates, prices, postcodes, filters and cards; the schemas load with the forms that need them.
    const list = [
      'src/domain/contractor-options.ts',
      'src/domain/dates.ts',
      'src/domain/money.ts',
      'src/domain/postcodes.ts',
      'src/domain/property-filters.ts',
      'src/domain/constants.ts',
      'src/domain/pages.ts',
      'src/domain/plans.ts',
    ];
    const withZod = files
      .filter(({ file, text }) => list.includes(file) && /from 'zod'/.test(text))
      .map((f) => f.file);
    expect(withZod).toEqual([]);
    expect(files.filter(({ file }) => list.includes(file))).toHaveLength(list.length);
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
