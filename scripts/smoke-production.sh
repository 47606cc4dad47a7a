#!/usr/bin/env bash
# The production image's commands without Docker (CI runs this; the Dockerfile runs the same steps):
# `npm run build` here (skipped when CI's build step has built everything already), then in an empty folder `npm ci --omit=dev` beside the built files, and two instances of
# `NODE_ENV=production node dist/server/main.js` started together on one fresh PostgreSQL database (they must
# migrate once, under the advisory lock), each answering /readyz, a search and a server-rendered page, and each
# stopping with exit status 0 on SIGTERM.
#   bash scripts/smoke-production.sh [postgres://…/any-database]   (default: this machine's test server)
set -euo pipefail
cd "$(dirname "$0")/.."
root="$(pwd)"
admin_url="${1:-${SMOKE_DATABASE_URL:-postgres://postgres@127.0.0.1:5432/test}}"
db="yp_smoke_$$"
db_url="${admin_url%/*}/$db"
stage="$(mktemp -d)"
pids=()

psql_admin() { node -e "
const pg = require('pg'); const c = new pg.Client({ connectionString: process.argv[1] });
c.connect().then(() => c.query(process.argv[2])).then(() => c.end()).catch((e) => { console.error(e.message); process.exit(1); });
" "$admin_url" "$1"; }

cleanup() {
  status=$?
  if [ "$status" != 0 ]; then
    for log in "$stage"/instance-*.log; do [ -e "$log" ] && { echo "--- $log"; tail -40 "$log"; }; done
  fi
  for pid in "${pids[@]}"; do kill -9 "$pid" 2>/dev/null || true; done
  psql_admin "DROP DATABASE IF EXISTS $db WITH (FORCE)" || true
  rm -rf "$stage"
}
trap cleanup EXIT

echo "== npm run build (what is stale)"
node scripts/build.mjs --if-stale

echo "== npm ci --omit=dev in $stage"
cp package.json package-lock.json "$stage/"
(cd "$stage" && npm ci --omit=dev --no-audit --no-fund --loglevel=error)
cp -r dist drizzle resources "$stage/"
if [ -e "$stage/node_modules/tsx" ] || [ -e "$stage/node_modules/vite" ]; then
  echo "a development package was installed with --omit=dev"; exit 1
fi

psql_admin "CREATE DATABASE $db"
# Two ports the system has free now, so the smoke can share the machine with another run of CI or a dev server.
read -r -a ports <<<"$(node -e "
const net = require('net');
const one = () => new Promise((ok) => { const s = net.createServer().listen(0, '127.0.0.1', () => { const p = s.address().port; s.close(() => ok(p)); }); });
Promise.all([one(), one()]).then((p) => console.log(p.join(' ')));
")"
for port in "${ports[@]}"; do
  (cd "$stage" && NODE_ENV=production PORT="$port" HOST=127.0.0.1 DATABASE_URL="$db_url" DATA_DIR="$stage/data" \
    SESSION_SECRET=smoke-test-session-secret-0123456789abcdef PAYMENTS_PROVIDER=test MAIL_TRANSPORT=files \
    LOG_LEVEL=warn exec node dist/server/main.js) > "$stage/instance-$port.log" 2>&1 &
  pids+=($!)
done

for port in "${ports[@]}"; do
  for _ in $(seq 1 240); do
    curl -fs "http://127.0.0.1:$port/readyz" >/dev/null 2>&1 && break
    sleep 0.5
  done
  curl -fs "http://127.0.0.1:$port/readyz" >/dev/null || { echo "instance on :$port never became ready in 120 s"; exit 1; }
  curl -fs "http://127.0.0.1:$port/api/properties?location=Leeds" | grep -q '"properties":\[' \
    || { echo "search failed on :$port"; exit 1; }
  curl -fs "http://127.0.0.1:$port/properties" | grep -q 'id="page-state"' \
    || { echo "/properties was not rendered on the server on :$port"; exit 1; }
  echo "instance on :$port ready: search and a server-rendered page answered"
done

migrations=$(node -e "
const pg = require('pg'); const c = new pg.Client({ connectionString: process.argv[1] });
c.connect().then(() => c.query('select count(*)::int as n from drizzle.__drizzle_migrations'))
 .then((r) => { console.log(r.rows[0].n); return c.end(); });
" "$db_url")
expected=$(node -p "require('./drizzle/meta/_journal.json').entries.length")
[ "$migrations" = "$expected" ] || { echo "migrations applied $migrations times for $expected"; exit 1; }
echo "two instances started together applied $migrations migrations once"

for pid in "${pids[@]}"; do kill -TERM "$pid"; done
for pid in "${pids[@]}"; do
  status=0; wait "$pid" || status=$?
  [ "$status" = 0 ] || { echo "an instance exited with status $status on SIGTERM"; exit 1; }
done
pids=()
echo "smoke-production: passed"
