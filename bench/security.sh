#!/usr/bin/env bash
# Runs Debian's sqlmap against the search and id routes of a running OopsBoard and reports what it finds
# (expected: nothing). Usage: bash bench/security.sh [base-url]
# Without a URL it starts the app on a throw-away embedded database on 127.0.0.1:4790 and stops it afterwards.
# Only loopback targets: never point this at a host you do not own.
set -euo pipefail
cd "$(dirname "$0")/.."
command -v sqlmap >/dev/null || { echo "sqlmap is missing: apt-get install sqlmap"; exit 1; }

BASE="${1:-}"
SERVER_PID=""
DATA=""
cleanup() {
  [ -n "$SERVER_PID" ] && kill -TERM "$SERVER_PID" 2>/dev/null && wait "$SERVER_PID" 2>/dev/null || true
  [ -n "$DATA" ] && rm -rf "$DATA"
}
trap cleanup EXIT
if [ -z "$BASE" ]; then
  DATA=$(mktemp -d)
  BASE="http://127.0.0.1:4790"
  DATA_DIR="$DATA" PORT=4790 HOST=127.0.0.1 METRICS_PORT=0 LOG_LEVEL=error node --import tsx server/main.ts >/dev/null 2>&1 &
  SERVER_PID=$!
  for _ in $(seq 1 120); do curl -sf "$BASE/healthz" >/dev/null && break; sleep 0.5; done
fi

EMAIL="sqlmap$RANDOM$RANDOM@example.com"
curl -sf -X POST "$BASE/api/auth/register" -H 'content-type: application/json' \
  -d "{\"email\":\"$EMAIL\",\"password\":\"Str0ng!Pass\",\"name\":\"Probe\",\"username\":\"probe$RANDOM\",\"teamName\":\"Probe\",\"industry\":\"Other\"}" >/dev/null
TOKEN=$(curl -sf -X POST "$BASE/api/auth/login" -H 'content-type: application/json' -d "{\"email\":\"$EMAIL\",\"password\":\"Str0ng!Pass\"}" | sed -E 's/.*"token":"([^"]+)".*/\1/')
ID=$(curl -sf -X POST "$BASE/api/oops" -H 'content-type: application/json' -H "authorization: Bearer $TOKEN" \
  -d '{"title":"Billing outage","severity":"High","description":"Billing failed during the nightly run."}' | sed -E 's/^\{"id":([0-9]+).*/\1/')

OUT=$(mktemp -d)
run() {
  local name="$1"; shift
  echo "== $name"
  sqlmap --batch --disable-coloring --level=2 --risk=1 --threads=2 --timeout=10 --output-dir="$OUT" \
    -H "Authorization: Bearer $TOKEN" "$@" > "$OUT/$name.log" 2>&1 || true
  if grep -qiE 'is vulnerable|sqlmap identified the following injection point' "$OUT/$name.log"; then
    echo "   FOUND an injection point:"; grep -iE 'Parameter:|Type:|Title:' "$OUT/$name.log" | sed 's/^/   /'
    FOUND=1
  else
    echo "   nothing found ($(grep -ciE 'does not seem to be injectable|not injectable' "$OUT/$name.log") parameters reported not injectable)"
  fi
}
FOUND=0
run list-search -u "$BASE/api/oops?search=billing&status=Open&limit=10" -p "search,status,limit"
run similar -u "$BASE/api/oops/similar?text=billing" -p text
run detail-id -u "$BASE/api/oops/detail/${ID}*"
run export-csv -u "$BASE/api/oops/export.csv?search=billing" -p search
run update-json -u "$BASE/api/oops/$ID" --method PUT --data '{"impact":"probe"}' -H 'content-type: application/json'
rm -rf "$OUT"
if [ "$FOUND" = 1 ]; then echo "sqlmap found injection points (see above)"; exit 1; fi
echo "sqlmap found no injection point in 5 targets."
