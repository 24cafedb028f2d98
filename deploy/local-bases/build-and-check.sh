#!/usr/bin/env bash
# Builds deploy/api.Dockerfile, deploy/shell.Dockerfile and deploy/remotes.Dockerfile with podman, reports their sizes
# and checks them: non-root, no development dependency in the runtime image, HEALTHCHECK set and passing, and — run
# against this machine's PostgreSQL and Redis — the migrations and seed, a server-rendered home page through the
# shell container with the api container behind it, the remotes' files from the nginx container with their cache
# headers. A manual check (minutes, root, a container engine): not part of `npm test` or `.ci/run`.
#
#   sudo deploy/local-bases/build-and-check.sh [build] [inspect] [run] [compose] [clean]   # default: all but clean
#
# Where no image registry is reachable, build the stand-in bases first (deploy/local-bases/build-bases.sh). Ports:
# BASE_PORT (30000) + 80 api, + 464 api metrics, + 300 shell, + 465 shell metrics, + 81 remotes; the database
# DATABASE_URL (postgres://postgres@127.0.0.1:5432/images, created if missing), Redis REDIS_URL (…:6379/5).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
repo="$(cd "$here/../.." && pwd)"
# shellcheck source=podman-env.sh
. "$here/podman-env.sh"

BASE_PORT="${BASE_PORT:-30000}"
API_PORT=$((BASE_PORT + 80)) API_METRICS=$((BASE_PORT + 464))
SHELL_PORT=$((BASE_PORT + 300)) SHELL_METRICS=$((BASE_PORT + 465)) REMOTES_PORT=$((BASE_PORT + 81))
DATABASE_URL="${DATABASE_URL:-postgres://postgres@127.0.0.1:5432/images}"
REDIS_URL="${REDIS_URL:-redis://127.0.0.1:6379/5}"
PREFIX="${CONTAINER_PREFIX:-check}"
work="${LOCAL_BASES_WORK:-/var/tmp/excursio-local-bases}"
mkdir -p "$work"

# An egress that re-signs TLS with its own CA (as here): npm inside the build needs that CA. Mounted for the RUN
# steps only (-v), so nothing of it lands in an image; the Dockerfiles stay as they are.
build_opts=()
# The host's system bundle holds that CA (curl and the host's npm trust it). Without it npm 10.9 in the build ends with
# «Exit handler never called!» — its log (kept below) shows every fetch failed with SELF_SIGNED_CERT_IN_CHAIN.
ca="${BUILD_CA_BUNDLE:-/etc/ssl/certs/ca-certificates.crt}"
if [ -f "$ca" ]; then
  printf 'cafile=/etc/ssl/certs/ca-certificates.crt\n' >"$work/build-npmrc"
  build_opts+=(-v "$ca:/etc/ssl/certs/ca-certificates.crt:ro" -v "$work/build-npmrc:/usr/local/etc/npmrc:ro")
fi
# npm's debug logs of the build's RUN steps, kept on the host to read after a failure
mkdir -p "$work/npm-logs"
build_opts+=(-v "$work/npm-logs:/root/.npm/_logs")

steps=("$@")
[ ${#steps[@]} -eq 0 ] && steps=(build inspect run compose)
has() { for s in "${steps[@]}"; do [ "$s" = "$1" ] && return 0; done; return 1; }
fail() { echo "FAIL: $*" >&2; exit 1; }
ok() { echo "ok: $*"; }

if has build; then
  for app in api shell remotes; do
    start=$(date +%s)
    podman build --pull=never "${build_opts[@]}" -f "$repo/deploy/$app.Dockerfile" -t "excursio-$app" "$repo" \
      || fail "excursio-$app: build failed; npm's log: $(ls -t "$work"/npm-logs/*debug* 2>/dev/null | head -1)"
    echo "built excursio-$app in $(( $(date +%s) - start )) s"
  done
fi

if has inspect; then
  echo "== sizes (podman images)"
  podman images --format '{{.Repository}}:{{.Tag}}\t{{.Size}}' | grep -E 'excursio-(api|shell|remotes)|node:22|nginx-unprivileged' | sort
  for app in api shell remotes; do
    img="excursio-$app"
    echo "== $img: layers over 1 MB (podman history)"
    podman history --format '{{.Size}}\t{{.CreatedBy}}' "$img" | awk -F'\t' '$1 ~ /MB|GB/' | cut -c1-150
    user=$(podman inspect --format '{{.Config.User}}' "$img")
    uid=$(podman run --rm --entrypoint id "$img" -u)
    [ -n "$user" ] && [ "$user" != root ] && [ "$uid" != 0 ] || fail "$img runs as '$user' (uid $uid)"
    ok "$img runs as user '$user' (uid $uid)"
    hc=$(podman image inspect --format '{{json .HealthCheck}}' "$img")
    [ "$hc" != null ] && [ -n "$hc" ] || fail "$img has no HEALTHCHECK (built in the OCI format?)"
    ok "$img HEALTHCHECK $(echo "$hc" | cut -c1-110)…"
  done
  for app in api shell; do
    img="excursio-$app"
    # development dependencies of the repository (root package.json and the workspaces'): none may be installed
    found=$(podman run --rm --entrypoint sh "$img" -c 'cd /app && for p in tsx typescript jest @rspack/core @rspack/cli esbuild @swc/core oxlint dependency-cruiser @testing-library/react drizzle-kit; do for d in node_modules/$p */node_modules/$p; do [ -e "$d" ] && echo "$d"; done; done; true')
    [ -z "$found" ] || fail "$img holds development dependencies: $found"
    modules=$(podman run --rm --entrypoint sh "$img" -c 'cd /app && du -sm node_modules | cut -f1; ls node_modules | wc -l')
    ok "$img: no tsx, typescript, jest, rspack, esbuild, swc, oxlint, drizzle-kit; node_modules $(echo $modules | awk '{print $1 " MB, " $2 " top-level entries"}')"
  done
  found=$(podman run --rm --entrypoint sh excursio-remotes -c 'command -v node npm; find / -xdev -name node_modules -maxdepth 6 2>/dev/null | head -3; true')
  [ -z "$found" ] || fail "excursio-remotes holds Node or node_modules: $found"
  files=$(podman run --rm --entrypoint sh excursio-remotes -c 'cd /usr/share/nginx/html/remotes && ls | tr "\n" " "; du -sm . | cut -f1')
  ok "excursio-remotes: no node, no node_modules; remotes/: $files MB"
fi

# Runs a container (name $1, the rest podman run's arguments). podman 4.3 schedules HEALTHCHECKs with systemd timers;
# without systemd it logs «unable to get systemd connection» and runs none by itself: `podman healthcheck run` below
# runs them, and the status podman keeps (`podman ps`: healthy) comes from those runs.
start() {
  local name="$PREFIX-$1"; shift
  podman rm -f "$name" >/dev/null 2>&1 || true
  podman run -d --name "$name" "$@" >/dev/null 2>"$work/run.err" || { cat "$work/run.err" >&2; fail "podman run $name"; }
  grep -v 'systemd connection' "$work/run.err" >&2 || true
}
wait_healthy() {
  local name="$PREFIX-$1" i
  for i in $(seq 1 "${2:-90}"); do
    if podman healthcheck run "$name" >/dev/null 2>&1; then
      ok "$name healthy after ${i} s ($(podman ps --filter "name=^$name\$" --format '{{.Status}}'))"; return 0
    fi
    [ "$(podman inspect --format '{{.State.Running}}' "$name")" = true ] || { podman logs --tail 30 "$name"; fail "$name stopped"; }
    sleep 1
  done
  podman logs --tail 30 "$name"; fail "$name not healthy in ${2:-90} s"
}
header() { grep -i "^$2:" "$1" | head -1 | cut -d' ' -f2- | tr -d '\r'; }

if has run; then
  db="${DATABASE_URL##*/}"
  createdb -h 127.0.0.1 -U postgres "$db" 2>/dev/null || true
  secret_file="$work/realtime-secret"
  [ -s "$secret_file" ] || openssl rand -hex 32 >"$secret_file"
  # host networking for the api and the shell (the database and Redis listen on 127.0.0.1 only); the remotes' nginx on
  # podman's bridge, its 8081 published on 127.0.0.1 in our range
  api_env=(-e APP_ENV=production -e HOST=127.0.0.1 -e "PORT=$API_PORT" -e "METRICS_PORT=$API_METRICS"
    -e "DATABASE_URL=$DATABASE_URL" -e "REDIS_URL=$REDIS_URL" -e "REALTIME_APP_SECRET=$(cat "$secret_file")"
    -e "FRONTEND_ORIGINS=http://127.0.0.1:$SHELL_PORT" -e TRUST_PROXY=127.0.0.1 -e MIGRATE_ON_START=false
    -e SHUTDOWN_DELAY_MS=1000 -e PAYMENT_PROVIDER=test -e PAYMENT_TEST_MODE_IN_PRODUCTION=true -e LOG_LEVEL=warn)
  echo "== migrate and seed (compose.yaml's migrate service)"
  podman run --rm --no-healthcheck --network=host "${api_env[@]}" excursio-api \
    sh -c 'node dist/cli.js migrate && node dist/cli.js seed' | tail -3
  start api --network=host "${api_env[@]}" excursio-api
  start remotes -p "127.0.0.1:$REMOTES_PORT:8081" excursio-remotes
  r="http://127.0.0.1:$REMOTES_PORT/remotes"
  start shell --network=host -e APP_ENV=production -e "SHELL_PORT=$SHELL_PORT" -e "METRICS_PORT=$SHELL_METRICS" \
    -e SHUTDOWN_DELAY_MS=1000 -e "API_URL=http://127.0.0.1:$API_PORT" -e "FRONTEND_ORIGINS=http://127.0.0.1:$SHELL_PORT" \
    -e "REMOTE_CATALOG_URL=$r/mfe-catalog/remoteEntry.js" -e "REMOTE_AUTH_URL=$r/mfe-auth/remoteEntry.js" \
    -e "REMOTE_USER_ACCOUNT_URL=$r/mfe-user-account/remoteEntry.js" \
    -e "REMOTE_PARTNER_ACCOUNT_URL=$r/mfe-partner-account/remoteEntry.js" \
    -e "REMOTE_NOTIFICATIONS_URL=$r/mfe-notifications/remoteEntry.js" \
    -e "REMOTE_BACKOFFICE_URL=$r/mfe-backoffice/remoteEntry.js" excursio-shell
  wait_healthy api; wait_healthy remotes 30; wait_healthy shell

  for i in $(seq 1 60); do curl -sf "http://127.0.0.1:$SHELL_PORT/ready" | grep -q '"ready":true' && break; sleep 1; done
  ok "shell /ready: $(curl -s "http://127.0.0.1:$SHELL_PORT/ready")"
  ok "api /api/ready through the shell's proxy: $(curl -s "http://127.0.0.1:$SHELL_PORT/api/ready")"
  curl -sf "http://127.0.0.1:$API_METRICS/metrics" | grep -q '^# HELP' || fail "api metrics port $API_METRICS"
  curl -sf "http://127.0.0.1:$SHELL_METRICS/metrics" | grep -q '^# HELP' || fail "shell metrics port $SHELL_METRICS"
  ok "metrics on $API_METRICS (api) and $SHELL_METRICS (shell)"

  # the home page, server-rendered by the shell container from the catalog build the nginx container serves, with
  # the api container's data: published excursions' titles from the database are in the HTML
  out="$work/home"
  curl -s -D "$out.h" -o "$out.html" "http://127.0.0.1:$SHELL_PORT/"
  head -1 "$out.h" | grep -q ' 200' || fail "home page: $(head -1 "$out.h")"
  rendered=$(header "$out.h" x-rendered-by)
  [[ "$rendered" == ssr* ]] || fail "home page not server-rendered (X-Rendered-By: '$rendered')"
  titles=$(psql "$DATABASE_URL" -Atc "select title from excursions where status = 'published'")
  n=0; while IFS= read -r t; do [ -n "$t" ] && grep -qF "$t" "$out.html" && n=$((n + 1)); done <<<"$titles"
  [ "$n" -gt 0 ] || fail "home page holds no published excursion's title"
  grep -q "http://127.0.0.1:$REMOTES_PORT/remotes/mfe-catalog/remoteEntry" "$out.html" || fail "home page does not name the catalog's entry on the remotes' server"
  ok "home page: 200, X-Rendered-By: $rendered, $(wc -c <"$out.html") bytes, $n published excursions' titles from the database, the catalog's entry from :$REMOTES_PORT"

  # the remotes' files: entries and manifests revalidated, hashed files immutable, CORS and nosniff on both, .gz
  for app in mfe-catalog mfe-auth mfe-user-account mfe-partner-account mfe-notifications mfe-backoffice; do
    curl -s -D "$out.h" -o /dev/null "$r/$app/remoteEntry.js"
    [ "$(header "$out.h" cache-control)" = no-cache ] || fail "$app/remoteEntry.js Cache-Control: $(header "$out.h" cache-control)"
    [ "$(header "$out.h" access-control-allow-origin)" = '*' ] || fail "$app/remoteEntry.js: no CORS"
    [ "$(header "$out.h" x-content-type-options)" = nosniff ] || fail "$app/remoteEntry.js: no nosniff"
  done
  ok "remoteEntry.js of the six remotes: Cache-Control: no-cache, Access-Control-Allow-Origin: *, nosniff"
  curl -s -D "$out.h" -o /dev/null "$r/mfe-catalog/mf-manifest.json"
  [ "$(header "$out.h" cache-control)" = no-cache ] || fail "mf-manifest.json Cache-Control: $(header "$out.h" cache-control)"
  chunk=$(podman exec "$PREFIX-remotes" sh -c 'cd /usr/share/nginx/html/remotes/mfe-catalog && ls *.js | grep -v remoteEntry | head -1')
  curl -s -D "$out.h" -o /dev/null -H 'Accept-Encoding: gzip' "$r/mfe-catalog/$chunk"
  [ "$(header "$out.h" cache-control)" = 'public, max-age=31536000, immutable' ] || fail "$chunk Cache-Control: $(header "$out.h" cache-control)"
  [ "$(header "$out.h" content-encoding)" = gzip ] || fail "$chunk not gzipped"
  [ "$(header "$out.h" access-control-allow-origin)" = '*' ] || fail "$chunk: no CORS"
  ok "mf-manifest.json: no-cache; mfe-catalog/$chunk: $(header "$out.h" cache-control), gzip, CORS"
  [ "$(curl -s -o /dev/null -w '%{http_code}' "$r/mfe-catalog/missing.js")" = 404 ] || fail "a missing file is not 404"
  ok "a missing file: 404"
  podman ps --filter "name=^$PREFIX-" --format '{{.Names}}\t{{.Status}}'
fi

# deploy/compose.yaml, run by compose-podman.mjs (Debian's podman-compose 1.0.3 cannot: see that file): the stand-ins
# postgres:15, redis:7 and haproxy:2.6, the migrations once, api × 2, shell × 2, the remotes, HAProxy on
# EXCURSIO_HTTP_PORT (here 127.0.0.1:BASE_PORT+180); checked through the balancer as the site excursio.local.
if has compose; then
  lb_port=$((BASE_PORT + 180))
  [ -s "$work/compose-env" ] || echo "$(openssl rand -hex 12) $(openssl rand -hex 32)" >"$work/compose-env"
  read -r POSTGRES_PASSWORD REALTIME_APP_SECRET <"$work/compose-env"
  export POSTGRES_PASSWORD REALTIME_APP_SECRET EXCURSIO_HTTP_PORT="127.0.0.1:$lb_port"
  node "$here/compose-podman.mjs" down "$repo/deploy/compose.yaml" >/dev/null
  node "$here/compose-podman.mjs" up "$repo/deploy/compose.yaml"
  [ "$(podman inspect --format '{{.State.ExitCode}}' excursio-migrate)" = 0 ] || fail "migrate did not exit 0"
  for c in api1 api2 remotes shell1 shell2; do
    for i in $(seq 1 120); do podman healthcheck run "excursio-$c" >/dev/null 2>&1 && break; sleep 1; done
    podman healthcheck run "excursio-$c" >/dev/null 2>&1 || fail "excursio-$c not healthy"
  done
  ok "migrate exited 0; api1, api2, shell1, shell2, remotes healthy"
  site=(-H 'Host: excursio.local')
  for i in $(seq 1 30); do curl -sf "${site[@]}" "http://127.0.0.1:$lb_port/ready" | grep -q '"ready":true' && break; sleep 1; done
  out="$work/lb-home"
  curl -s -D "$out.h" -o "$out.html" "${site[@]}" "http://127.0.0.1:$lb_port/"
  head -1 "$out.h" | grep -q ' 200' || fail "home page through the balancer: $(head -1 "$out.h")"
  [[ "$(header "$out.h" x-rendered-by)" == ssr* ]] || fail "home page through the balancer not server-rendered"
  ok "home page through HAProxy: 200, X-Rendered-By: $(header "$out.h" x-rendered-by), $(wc -c <"$out.html") bytes"
  ok "/api/ready through HAProxy: $(curl -s "${site[@]}" "http://127.0.0.1:$lb_port/api/ready")"
  curl -s -D "$out.h" -o /dev/null "${site[@]}" "http://127.0.0.1:$lb_port/remotes/mfe-catalog/remoteEntry.js"
  [ "$(header "$out.h" cache-control)" = no-cache ] || fail "remoteEntry.js through the balancer: $(header "$out.h" cache-control)"
  ok "remotes through HAProxy: remoteEntry.js no-cache"
  ws=$(curl -s -i -N --max-time 3 "${site[@]}" -H 'Connection: Upgrade' -H 'Upgrade: websocket' -H 'Sec-WebSocket-Version: 13' \
    -H 'Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==' -H 'Origin: http://excursio.local' \
    "http://127.0.0.1:$lb_port/app/excursio-key?protocol=7&client=js&version=8.4.0" | tr -c '[:print:]\n' ' ' || true)
  grep -q '101 Switching Protocols' <<<"$ws" && grep -q 'pusher:connection_established' <<<"$ws" || fail "websocket through the balancer: $ws"
  ok "realtime websocket through HAProxy: 101 Switching Protocols, pusher:connection_established"
  podman ps --format '{{.Names}}\t{{.Status}}' | grep '^excursio-' || true
fi

if has clean; then
  podman rm -f "$PREFIX-api" "$PREFIX-shell" "$PREFIX-remotes" >/dev/null 2>&1 || true
  node "$here/compose-podman.mjs" down "$repo/deploy/compose.yaml" || true
fi
