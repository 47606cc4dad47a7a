// Administrator accounts from the command line (DATABASE_URL, else the embedded PGlite under DATA_DIR).
//   npm run admin -- create <email> <password>   creates the super admin, or promotes and re-keys that account
//   npm run admin -- list                        lists the admin and super admin accounts
import { inArray } from 'drizzle-orm';
import { MIN_PASSWORD_LENGTH } from '../src/domain/constants';
import { ConfigError, loadConfig, PRODUCTION_ADMIN_PASSWORD_MIN } from '../src/server/config';
import { openDatabase } from '../src/server/db/client';
import { users } from '../src/server/db/schema';
import { ensureSuperAdmin } from '../src/server/db/seed';

const USAGE = 'Usage: npm run admin -- create <email> <password>\n       npm run admin -- list';

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  if (command !== 'create' && command !== 'list') {
    console.error(USAGE);
    return 2;
  }
  if (command === 'create') {
    const [email, password] = rest;
    if (!email || !password || rest.length !== 2) {
      console.error(USAGE);
      return 2;
    }
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) {
      console.error('Please enter a valid email address.');
      return 2;
    }
    // An administrator's password in production is held to the same length as ADMIN_PASSWORD (config.ts).
    const min = process.env.NODE_ENV === 'production' ? PRODUCTION_ADMIN_PASSWORD_MIN : MIN_PASSWORD_LENGTH;
    if (password.length < min) {
      console.error(`The password must be at least ${min} characters.`);
      return 2;
    }
  }

  const config = loadConfig();
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    fsync: config.pgliteFsync,
  });
  try {
    await database.migrate();
    if (command === 'create') {
      const [email, password] = rest;
      const result = await ensureSuperAdmin(database.db, email, password);
      console.log(
        result.created
          ? `Created super admin ${email.trim().toLowerCase()}.`
          : `Updated ${email.trim().toLowerCase()}: super admin, password set.`,
      );
    } else {
      const rows = await database.db
        .select({
          email: users.email,
          role: users.role,
          createdAt: users.createdAt,
          lastLoginAt: users.lastLoginAt,
        })
        .from(users)
        .where(inArray(users.role, ['admin', 'super_admin']))
        .orderBy(users.email);
      if (rows.length === 0)
        console.log('No admin accounts yet. Create one: npm run admin -- create <email> <password>');
      else
        console.table(
          rows.map((r) => ({
            email: r.email,
            role: r.role,
            created: r.createdAt.toISOString(),
            lastLogin: r.lastLoginAt ? r.lastLoginAt.toISOString() : 'never',
          })),
        );
    }
    await database.checkpoint();
    return 0;
  } finally {
    await database.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err) => {
    console.error(err instanceof ConfigError ? err.message : err);
    process.exit(1);
  },
);
