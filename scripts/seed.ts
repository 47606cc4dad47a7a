// Seed the demo data into the configured database (DATABASE_URL, else the embedded PGlite under DATA_DIR).
//   npx tsx scripts/seed.ts                    seeds only when the database has no users yet
//   npx tsx scripts/seed.ts --force            replaces the demo data (refused when NODE_ENV=production)
//   npx tsx scripts/seed.ts --properties 2000 --contractors 100
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db/client';
import { DEMO_ACCOUNTS, isDatabaseEmpty, removeDemoData, seedDemoData } from '../src/server/db/seed';

async function main(): Promise<number> {
  const { values: args } = parseArgs({
    options: {
      force: { type: 'boolean', default: false },
      properties: { type: 'string' },
      contractors: { type: 'string' },
    },
  });
  const config = loadConfig();
  if (args.force && config.production) {
    console.error('Refusing to replace data with --force when NODE_ENV=production.');
    return 1;
  }
  const count = (value: string | undefined, name: string) => {
    if (value === undefined) return undefined;
    const n = Number(value);
    if (!Number.isInteger(n) || n < 1) throw new ConfigError(`--${name} must be a positive whole number`);
    return n;
  };
  const properties = count(args.properties, 'properties');
  const contractors = count(args.contractors, 'contractors');

  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    fsync: config.pgliteFsync,
  });
  try {
    await database.migrate();
    const where = database.kind === 'pglite' ? `PGlite in ${config.dataDir}` : 'PostgreSQL (DATABASE_URL)';
    if (!(await isDatabaseEmpty(database.db))) {
      if (!args.force) {
        console.log(
          `The database (${where}) already has users; nothing seeded. Use --force to replace the demo data.`,
        );
        return 0;
      }
      console.log('Removing the existing demo data...');
      await removeDemoData(database.db);
    }
    console.log(`Seeding demo data into ${where}...`);
    const summary = await seedDemoData(database.db, {
      properties,
      contractors,
      log: (msg) => console.log(`  ${msg}`),
    });
    await database.checkpoint();
    const { durationMs, ...counts } = summary;
    console.table(counts);
    console.log(`Seeded in ${(durationMs / 1000).toFixed(1)} s. Demo accounts:`);
    for (const account of DEMO_ACCOUNTS)
      console.log(`  ${account.email} / ${account.password}  ${account.description}`);
    return 0;
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (err) => {
    console.error(err instanceof ConfigError ? err.message : err);
    process.exit(1);
  },
);
