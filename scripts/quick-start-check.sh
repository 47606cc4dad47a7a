#!/usr/bin/env bash
# CI's check that the README's quick start (`npm start`) serves on a given Node, by default the machine's own (the
# gate itself runs on Node 24 LTS; issue 27). `npm start` as a user runs it, on a copy of the seeded snapshot so the
# demo data is not seeded again: it must answer /readyz, a search and a server-rendered page, then stop on SIGTERM.
#   bash scripts/quick-start-check.sh [/path/to/node]
set -euo pipefail
cd "$(dirname "$0")/.."
node_bin="${1:-$(command -v node)}"
export PATH="$(dirname "$node_bin"):$PATH"
version="$(node --version)"
data="$(mktemp -d)"
log="$data/server.log"
pid=""
cleanup() {
  status=$?
  [ "$status" != 0 ] && [ -e "$log" ] && { echo "--- npm start's output"; tail -40 "$log"; }
  [ -n "$pid" ] && kill -9 -- "-$pid" 2>/dev/null || true
  rm -rf "$data"
}
trap cleanup EXIT

node -e "import('./scripts/seeded-snapshot.mjs').then((m) => m.copySeededSnapshot(process.argv[1]))" "$data/data"
port="$(node -e "const s = require('net').createServer().listen(0, '127.0.0.1', () => { console.log(s.address().port); s.close(); })")"
# A process group of its own, so npm and the node it starts stop together.
setsid env DATA_DIR="$data/data" PORT="$port" DATABASE_URL= LOG_LEVEL=warn npm start >"$log" 2>&1 &
pid=$!
base="http://127.0.0.1:$port"
for _ in $(seq 1 240); do
  curl -fs "$base/readyz" >/dev/null 2>&1 && break
  sleep 0.5
done
curl -fs "$base/readyz" >/dev/null || { echo "npm start on Node $version was not ready in 120 s"; exit 1; }
curl -fs "$base/api/properties?location=Leeds" | grep -q '"properties":\[{' || { echo "no search results"; exit 1; }
curl -fs "$base/" | grep -q 'id="page-state"' || { echo "/ was not rendered on the server"; exit 1; }
# The server, not npm: npm passes on the server's exit status.
pkill -TERM -g "$pid" -f '^node .*scripts/start.mjs' || { echo "no server process under npm start"; exit 1; }
status=0; wait "$pid" || status=$?
pid=""
[ "$status" = 0 ] || { echo "npm start exited with $status on SIGTERM"; exit 1; }
echo "quick start: npm start served the demo data on Node $version and stopped cleanly"
