// The scan's self-check target: a tiny HTTP server that is injectable on purpose. It pastes what it is sent into
// SQL text, as the app must never do, on the same kind of database the app runs on. It answers like the app (JSON,
// no database error ever shown: a 500 says only "internal"), so sqlmap has to find it the way it would have to
// find a hole in the app. `npm run test:security` scans it first and fails if sqlmap does not find both routes.
//   GET  /search?name=…            select … where name = '<name>'
//   POST /login {email, password}  select … where email = '<email>' and password = '<password>'
import http from 'node:http';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../../src/server/db/client';
import { freePort } from '../free-port';

export interface InjectableServer {
  url: string;
  close(): Promise<void>;
}

const SETUP = [
  'create table selfcheck_items (id serial primary key, name text not null)',
  "insert into selfcheck_items (name) values ('garden'), ('balcony'), ('garden flat'), ('parking')",
  'create table selfcheck_users (id serial primary key, email text not null, password text not null)',
  "insert into selfcheck_users (email, password) values ('tenant@selfcheck.test', 'correct horse')",
];

function readBody(request: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => {
      body += chunk;
    });
    request.on('end', () => resolve(body));
    request.on('error', reject);
  });
}

/** On a new in-memory PGlite, or on the PostgreSQL database `databaseUrl` names (its tables dropped on close). */
export async function startInjectableServer(databaseUrl?: string): Promise<InjectableServer> {
  const database = await openDatabase(databaseUrl ? { databaseUrl, poolSize: 4 } : { inMemory: true });
  const rows = async (text: string) =>
    ((await database.db.execute(sql.raw(text))) as unknown as { rows: unknown[] }).rows;
  for (const statement of SETUP) await database.db.execute(sql.raw(statement));
  const server = http.createServer(async (request, response) => {
    const send = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
      response.end(JSON.stringify(body));
    };
    try {
      const url = new URL(request.url ?? '/', 'http://selfcheck');
      if (request.method === 'GET' && url.pathname === '/search') {
        const name = url.searchParams.get('name') ?? '';
        // Injectable on purpose: the parameter is pasted into the SQL text.
        send(200, {
          items: await rows(`select id, name from selfcheck_items where name = '${name}' order by id`),
        });
      } else if (request.method === 'POST' && url.pathname === '/login') {
        const { email, password } = JSON.parse(await readBody(request)) as Record<string, string>;
        // Injectable on purpose, both fields.
        const found = await rows(
          `select id from selfcheck_users where email = '${email}' and password = '${password}'`,
        );
        if (found.length > 0) send(200, { success: true });
        else send(401, { error: 'Invalid email or password' });
      } else {
        send(404, { error: 'not found' });
      }
    } catch {
      send(500, { error: 'internal' });
    }
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${port}`,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      if (databaseUrl) await database.db.execute(sql.raw('drop table selfcheck_items, selfcheck_users'));
      await database.close();
    },
  };
}
