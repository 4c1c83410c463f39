#!/usr/bin/env bash
# The container, tested (`npm run test:container`; .ci/run runs it after `npm test`).
# What the README's "Running the container" section tells an operator, done by a script:
#   1. build the image from the Dockerfile with podman (on a base image built here from Debian and the
#      npm registry, since Docker Hub is unreachable: scripts/container/base-image.sh);
#   2. refuse to start without SESSION_SECRET or APP_ORIGIN, without DATABASE_URL (or with it misspelt:
#      no quiet embedded database), or with a Stripe key but no webhook secret, each with a clear message;
#   3. start it against an empty PostgreSQL database: healthy (HEALTHCHECK), ready, a non-root user; the
#      development seed (accounts with published passwords) is refused;
#   4. create the first admin with the image's command, log in over HTTP, add a product through the
#      admin's form, see it on the storefront; demo data refused on that non-empty database; JSON logs
#      with request ids; metrics on the internal port;
#   5. stop it (SIGTERM: exit 0 within docker's 10 s) and start it again: everything still there;
#   6. back up PostgreSQL (pg_dump), drop the database, restore it: the admin still logs in;
#   7. the embedded database (PGlite, EMBEDDED_DATABASE=1) in a volume: demo catalogue into the empty
#      volume, refused the second time; first admin, backup of the data directory, restore;
#   8. docker-compose.yml with podman-compose: the shop and its database from an empty volume;
#   9. no volume left behind (podman volume ls before and after).
# Prints the image size, the start-to-healthy time and the other timings at the end.
# Needs: podman, runc, mmdebstrap, podman-compose (Debian packages), a PostgreSQL server and a role
# that may create databases (TEST_POSTGRES_URL, as `npm test` uses), pg_dump/pg_restore, root.
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/container/podman.sh

SERVER_URL="${TEST_POSTGRES_URL:-postgresql://joyeria_ci:joyeria_ci@127.0.0.1:5432/joyeria_ci}"
DB_NAME="joyeria_container_$$"
DB_URL="$(node -e 'const u = new URL(process.argv[1]); u.pathname = "/" + process.argv[2]; console.log(u.href)' "$SERVER_URL" "$DB_NAME")"
# CONTAINER_TEST_IMAGE: another tag, so that two runs on one machine do not build over each other's image.
IMAGE="${CONTAINER_TEST_IMAGE:-localhost/joyeria:test}"
RUN_ID="joyeria-ct-$$"
WORK="$(mktemp -d "${TMPDIR:-/tmp}/joyeria-container-test.XXXXXX")"
SESSION_SECRET_VALUE="$(node -p 'require("crypto").randomBytes(32).toString("base64")')"
export ADMIN_PASSWORD="brillo-de-plata-925"
ADMIN_EMAIL="duena@joyeriaaurora.mx"
PRODUCT="Anillo Contenedor $$"

now_ms() { date +%s%3N; }
free_port() { node -e 'const s = require("net").createServer().listen(0, "127.0.0.1", () => { console.log(s.address().port); s.close(); })'; }
step() { echo; echo "▸ $*"; }
fail() {
  echo "✘ $*" >&2
  for c in $(podman_ ps -a --format '{{.Names}}' | grep "^$RUN_ID" || true); do
    echo "── podman logs $c (last 40 lines)" >&2
    podman_ logs --tail 40 "$c" >&2 || true
  done
  exit 1
}
sql() { PGOPTIONS="-c client_min_messages=warning" psql -v ON_ERROR_STOP=1 -qAt "$SERVER_URL" -c "$1"; }

cleanup() {
  for c in $(podman_ ps -a --format '{{.Names}}' | grep "^$RUN_ID" || true); do podman_ rm -f -v "$c" >/dev/null 2>&1 || true; done
  for v in $(podman_ volume ls --format '{{.Name}}' | grep "^$RUN_ID" || true); do podman_ volume rm -f "$v" >/dev/null 2>&1 || true; done
  if [ -f "$WORK/compose.env" ]; then
    (set -a && . "$WORK/compose.env" && podman-compose -p "$RUN_ID-compose" down -v >/dev/null 2>&1) || true
  fi
  sql "DROP DATABASE IF EXISTS \"$DB_NAME\" WITH (FORCE)" >/dev/null 2>&1 || true
  rm -rf "$WORK"
}
trap cleanup EXIT

# The shop's container (name, then extra `podman run` arguments). The image's HEALTHCHECK needs systemd
# timers to run by itself under podman, and there is no systemd here: wait_healthy runs it instead.
run_shop() {
  local name="$1"
  shift
  podman_ run -d --name "$name" --network=host --health-interval=disable \
    -e PORT="$PORT" -e APP_ORIGIN="http://localhost:$PORT" -e SESSION_SECRET="$SESSION_SECRET_VALUE" \
    -e METRICS_HOST=127.0.0.1 -e METRICS_PORT="$METRICS_PORT" "$@" "$IMAGE" >/dev/null 2>>"$WORK/podman.log"
}

# podman complains on standard error that it has no systemd to time the health checks: kept apart.
start_shop() { podman_ start "$1" >/dev/null 2>>"$WORK/podman.log"; }

# Waits until the image's HEALTHCHECK passes; prints the milliseconds since $1.
wait_healthy() {
  local name="$1" since="$2" deadline=$((SECONDS + 120))
  until podman_ healthcheck run "$name" >/dev/null 2>&1; do
    [ "$(podman_ inspect --format '{{.State.Running}}' "$name")" = "true" ] || fail "$name stopped before it was healthy"
    [ $SECONDS -lt $deadline ] || fail "$name was not healthy within 120 s"
    sleep 0.2
  done
  echo $(($(now_ms) - since))
}

wait_ready() {
  local deadline=$((SECONDS + 60))
  until [ "$(curl -s -o /dev/null -w '%{http_code}' "http://127.0.0.1:$PORT/readyz")" = 200 ]; do
    [ $SECONDS -lt $deadline ] || fail "/readyz did not answer 200 within 60 s: $(curl -s "http://127.0.0.1:$PORT/readyz")"
    sleep 0.2
  done
}

journey() { node scripts/container/journey.mjs "$1" --base "http://127.0.0.1:$PORT" --email "$ADMIN_EMAIL" --name "$PRODUCT"; }

# Stops a container as `docker stop` does (SIGTERM, SIGKILL after 10 s); checks the exit code and
# the shutdown's last log line; prints the milliseconds it took.
stop_shop() {
  local name="$1" started
  started=$(now_ms)
  podman_ stop -t 10 "$name" >/dev/null 2>>"$WORK/podman.log"
  local took=$(($(now_ms) - started)) code
  code="$(podman_ inspect --format '{{.State.ExitCode}}' "$name")"
  [ "$code" = 0 ] || fail "$name exited with $code after SIGTERM (expected 0)"
  # Read whole before searching: `podman logs | grep -q` under pipefail fails when grep stops reading
  # at the first match while podman still writes (SIGPIPE), as it did once after a restart.
  local logs
  logs="$(podman_ logs "$name" 2>&1)"
  grep -q '"msg":"stopped"' <<<"$logs" || fail "$name did not log its graceful stop"
  echo "$took"
}

started_all=$SECONDS
VOLUMES_BEFORE="$(podman_ volume ls -q | sort)"
PORT="$(free_port)"
METRICS_PORT="$(free_port)"

step "Base image (Debian bookworm + Node $(node -p process.versions.node) + a node user)"
t=$SECONDS
BASE_IMAGE="$(bash scripts/container/base-image.sh)"
BASE_S=$((SECONDS - t))
echo "  $BASE_IMAGE (${BASE_S} s)"

step "podman build (Dockerfile, BASE_IMAGE=$BASE_IMAGE)"
# npm inside the build trusts the same CA bundle, and uses the same global settings, as npm here.
mounts=()
cafile="$(npm config get cafile 2>/dev/null || true)"
if [ -n "$cafile" ] && [ "$cafile" != null ] && [ -f "$cafile" ]; then mounts+=(-v "$cafile:$cafile:ro"); fi
npmrc="$(npm config get globalconfig 2>/dev/null || true)"
if [ -n "$npmrc" ] && [ -f "$npmrc" ]; then mounts+=(-v "$npmrc:/usr/local/etc/npmrc:ro"); fi
t=$SECONDS
GIT_COMMIT_VALUE="$(git rev-parse HEAD 2>/dev/null || echo unknown)"
podman_ build --format docker --network=host "${mounts[@]}" --build-arg BASE_IMAGE="$BASE_IMAGE" \
  --build-arg GIT_COMMIT="$GIT_COMMIT_VALUE" -t "$IMAGE" . >"$WORK/build.log" 2>&1 ||
  { tail -40 "$WORK/build.log" >&2; fail "podman build failed"; }
BUILD_S=$((SECONDS - t))
IMAGE_BYTES="$(podman_ image inspect --format '{{.Size}}' "$IMAGE")"
BASE_BYTES="$(podman_ image inspect --format '{{.Size}}' "$BASE_IMAGE")"
echo "  built in ${BUILD_S} s: $((IMAGE_BYTES / 1000000)) MB ($(((IMAGE_BYTES - BASE_BYTES) / 1000000)) MB over the base)"
[ "$(podman_ image inspect --format '{{.Config.User}}' "$IMAGE")" = node ] || fail "the image does not run as the node user"
# podman's default OCI format has no HEALTHCHECK: the README says to build with --format docker.
podman_ image inspect --format '{{.HealthCheck}}' "$IMAGE" | grep -q healthz ||
  fail "the image has no HEALTHCHECK (built without --format docker?)"
echo "  HEALTHCHECK kept (--format docker): $(podman_ image inspect --format '{{.HealthCheck.Test}}' "$IMAGE" | cut -c1-60)…"

step "An empty PostgreSQL database: $DB_NAME"
sql "DROP DATABASE IF EXISTS \"$DB_NAME\" WITH (FORCE)"
sql "CREATE DATABASE \"$DB_NAME\""

step "Refuses to start without SESSION_SECRET or APP_ORIGIN"
if out="$(podman_ run --rm --no-healthcheck --network=host -e PORT="$PORT" -e APP_ORIGIN="http://localhost:$PORT" -e DATABASE_URL="$DB_URL" "$IMAGE" 2>&1)"; then
  fail "started without SESSION_SECRET"
fi
grep -q "SESSION_SECRET is required in production" <<<"$out" || fail "no clear message without SESSION_SECRET: $out"
echo "  without SESSION_SECRET: $(grep -o 'SESSION_SECRET is required[^"]*' <<<"$out")"
if out="$(podman_ run --rm --no-healthcheck --network=host -e PORT="$PORT" -e SESSION_SECRET="$SESSION_SECRET_VALUE" -e DATABASE_URL="$DB_URL" "$IMAGE" 2>&1)"; then
  fail "started without APP_ORIGIN"
fi
grep -q "APP_ORIGIN is required in production" <<<"$out" || fail "no clear message without APP_ORIGIN: $out"
echo "  without APP_ORIGIN: $(grep -o 'APP_ORIGIN is required[^"]*' <<<"$out")"

step "Refuses the embedded database without EMBEDDED_DATABASE=1, and half a Stripe configuration"
refuse() { podman_ run --rm --no-healthcheck --network=host -e PORT="$PORT" -e APP_ORIGIN="http://localhost:$PORT" \
  -e SESSION_SECRET="$SESSION_SECRET_VALUE" "$@" "$IMAGE" 2>&1; }
if out="$(refuse)"; then fail "started on the embedded database without DATABASE_URL"; fi
grep -q "DATABASE_URL is not set (NODE_ENV=production): refusing to start on the embedded database.*EMBEDDED_DATABASE=1" <<<"$out" ||
  fail "no clear message without DATABASE_URL: $out"
echo "  without DATABASE_URL: $(grep -o 'DATABASE_URL is not set[^:]*: [^.]*' <<<"$out")"
if out="$(refuse -e DATABSE_URL="$DB_URL")"; then fail "started with DATABSE_URL (misspelt)"; fi
grep -q "DATABSE_URL is set: did you mean DATABASE_URL?" <<<"$out" || fail "the misspelt DATABSE_URL is not named: $out"
if grep -qF "$DB_URL" <<<"$out"; then fail "the message shows the database URL: $out"; fi
echo "  with DATABSE_URL: $(grep -o 'DATABSE_URL is set[^?]*?' <<<"$out")"
if out="$(refuse -e DATABASE_URL="$DB_URL" -e STRIPE_SECRET_KEY=sk_test_half)"; then
  fail "started with STRIPE_SECRET_KEY and no STRIPE_WEBHOOK_SECRET"
fi
grep -q "STRIPE_SECRET_KEY is set without STRIPE_WEBHOOK_SECRET" <<<"$out" || fail "no clear message for half a Stripe configuration: $out"
echo "  a Stripe key without its webhook secret: $(grep -o 'STRIPE_SECRET_KEY is set without STRIPE_WEBHOOK_SECRET' <<<"$out")"
[ "$(psql -qAt "$DB_URL" -c 'SELECT count(*) FROM "_prisma_migrations"' 2>/dev/null || echo none)" = none ] ||
  fail "a refused start touched the database"

step "Start against the empty database"
SHOP="$RUN_ID-shop"
t=$(now_ms)
run_shop "$SHOP" -e DATABASE_URL="$DB_URL"
HEALTHY_MS="$(wait_healthy "$SHOP" "$t")"
wait_ready
READY_MS=$(($(now_ms) - t))
echo "  healthy (HEALTHCHECK /healthz) after ${HEALTHY_MS} ms, ready (/readyz) after ${READY_MS} ms"
uid="$(podman_ exec "$SHOP" id -u)"
[ "$uid" = 1000 ] || fail "the shop runs as uid $uid, not 1000"
echo "  runs as $(podman_ exec "$SHOP" id -un) (uid $uid)"
# The build stages fail on a patch they cannot verify (scripts/patch-dependencies.mjs); the image
# carries the three patched files, and none of the retired patches (decisions 044 and 045).
for patched in node_modules/@remix-run/router/dist/router.cjs.js node_modules/@remix-run/react/dist/server.js \
  node_modules/react-router-dom/server.js; do
  podman_ exec "$SHOP" grep -q "/\* joyeria: " "$patched" ||
    fail "the image's $patched is not patched (scripts/patch-dependencies.mjs)"
done
for published in node_modules/@remix-run/server-runtime/dist/data.js \
  node_modules/react-dom/cjs/react-dom-server.node.production.min.js; do
  if podman_ exec "$SHOP" grep -q "/\* joyeria: " "$published"; then
    fail "the image's $published carries a retired patch (scripts/patch-dependencies.mjs)"
  fi
done
echo "  its router, @remix-run/react and react-router-dom carry the shop's verified patches, server-runtime and react-dom none (scripts/patch-dependencies.mjs)"
# Read whole before searching (as stop_shop does): `grep -q` stops at the first match and podman exec,
# still writing, fails on SIGPIPE under pipefail (it did on a loaded machine).
cmdlines="$(podman_ exec "$SHOP" sh -c 'for f in /proc/[0-9]*/cmdline; do tr "\0" " " < "$f" 2>/dev/null; echo; done')"
grep -q -- "--max-semi-space-size=64 .*server/index.mjs" <<<"$cmdlines" ||
  fail "the shop's server does not run with the flags of scripts/lib/server-flags.mjs"
echo "  its server runs with --max-semi-space-size=64 (scripts/lib/server-flags.mjs)"
# The local simulators are development tools (tools/, workspace packages): not in the image, and a shop
# started without their provider's keys says what is off instead of approving test cards.
if podman_ exec "$SHOP" sh -c 'ls -d tools node_modules/@joyeria scripts/payment-simulator scripts/pac-simulator' >/dev/null 2>&1; then
  fail "the image carries a development tool (tools/, node_modules/@joyeria or a simulator)"
fi
shop_log="$(podman_ logs "$SHOP" 2>&1)"
grep -q "local payment simulator is not installed here" <<<"$shop_log" || fail "no word that card payments are off: $shop_log"
grep -q "local PAC simulator is not installed here" <<<"$shop_log" || fail "no word that invoicing is off: $shop_log"
echo "  no simulator in the image; the start says card payments and invoicing are off without their keys"
[ "$(psql -qAt "$DB_URL" -c 'SELECT count(*) FROM products')" = 0 ] || fail "the new database has products"
if podman_ exec "$SHOP" node build/commands/seed.js >"$WORK/dev-seed.out" 2>&1; then
  fail "the image created the development accounts"
fi
grep -q "Refusing to create the development accounts" "$WORK/dev-seed.out" || fail "the development seed was refused without a word: $(cat "$WORK/dev-seed.out")"
[ "$(psql -qAt "$DB_URL" -c "SELECT count(*) FROM users WHERE email LIKE '%@joyeria.test'")" = 0 ] ||
  fail "development accounts were created"
podman_ exec "$SHOP" npm run -s db:seed >"$WORK/db-seed.out" 2>&1 && fail "npm run db:seed created the development accounts"
grep -q "Refusing to create the development accounts" "$WORK/db-seed.out" || fail "npm run db:seed in the image: $(cat "$WORK/db-seed.out")"
echo "  node build/commands/seed.js and npm run db:seed refuse the development accounts (NODE_ENV=production)"

step "The first admin (npm run create-admin inside the container)"
printf '%s\n' "$ADMIN_PASSWORD" | podman_ exec -i "$SHOP" npm run -s create-admin -- --email "$ADMIN_EMAIL" --name "Dueña" |
  tee "$WORK/create-admin.out" | grep -v "^All migrations\|^$\|Prisma\|migrations found\|Datasource\|^No pending" || true
grep -q "Admin account created: $ADMIN_EMAIL" "$WORK/create-admin.out" || fail "create-admin did not create the admin"
if printf '%s\n' "$ADMIN_PASSWORD" | podman_ exec -i "$SHOP" npm run -s create-admin -- --email "$ADMIN_EMAIL" >"$WORK/dup.out" 2>&1; then
  fail "create-admin accepted a duplicate"
fi
grep -q "already exists" "$WORK/dup.out" || fail "create-admin refused a duplicate without saying why: $(cat "$WORK/dup.out")"
echo "  a second run is refused: $(grep -o 'An account .*' "$WORK/dup.out")"

step "Log in over HTTP, add a product through the admin's form, see it on the storefront"
journey login
journey add-product
journey see-product

step "Demo data refused on the shop's non-empty database (npm run seed:demo)"
before="$(psql -qAt "$DB_URL" -c 'SELECT count(*), max(updated_at) FROM products')"
if podman_ exec "$SHOP" npm run -s seed:demo >"$WORK/demo.out" 2>&1; then fail "seed:demo ran on a database with products"; fi
grep -q "Refusing to seed: the database already holds 1 product and 1 account" "$WORK/demo.out" ||
  fail "seed:demo refused without saying what is there: $(cat "$WORK/demo.out")"
[ "$(psql -qAt "$DB_URL" -c 'SELECT count(*), max(updated_at) FROM products')" = "$before" ] || fail "seed:demo changed the products"
echo "  $(grep -o 'Refusing to seed: [^.]*' "$WORK/demo.out")"
journey see-product

step "A catalogue from a CSV file (npm run import:catalogue inside the container, as the panel's Importar)"
IMPORTED="Arracadas importadas por la prueba"
{
  echo "producto_id,nombre,categoria,material,descripcion,en_venta,nuevo,destacado,fotos,variante_id,modelo,talla,material_variante,precio,precio_original,existencias,foto_variante"
  echo ",$IMPORTED,Pendientes,Oro 14k,Cargadas desde un archivo CSV.,sí,sí,no,/images/products/anillo-abierto-tu-y-yo.webp,,,,,2890.50,,4,"
} | podman_ exec -i "$SHOP" sh -c 'cat > /tmp/catalogo.csv'
podman_ exec "$SHOP" npm run -s import:catalogue -- /tmp/catalogo.csv --apply >"$WORK/import.out" 2>&1 ||
  { cat "$WORK/import.out" >&2; fail "the CSV import failed in the container"; }
grep -v "^All migrations\|^$\|Prisma\|migrations found\|Datasource\|^No pending" "$WORK/import.out" | sed 's/^/  /' | head -5
node scripts/container/journey.mjs see-product --base "http://127.0.0.1:$PORT" --name "$IMPORTED"

step "Promote an existing account (npm run create-admin -- --promote)"
CUSTOMER_EMAIL="encargada@joyeriaaurora.mx"
node scripts/container/journey.mjs register --base "http://127.0.0.1:$PORT" --email "$CUSTOMER_EMAIL" --name "Encargada"
node scripts/container/journey.mjs not-admin --base "http://127.0.0.1:$PORT" --email "$CUSTOMER_EMAIL"
podman_ exec "$SHOP" npm run -s create-admin -- --email "$CUSTOMER_EMAIL" --promote >"$WORK/promote.out" 2>&1 ||
  { cat "$WORK/promote.out" >&2; fail "create-admin --promote failed"; }
grep -v "^All migrations\|^$\|Prisma\|migrations found\|Datasource\|^No pending" "$WORK/promote.out" | sed 's/^/  /' | head -3
node scripts/container/journey.mjs login --base "http://127.0.0.1:$PORT" --email "$CUSTOMER_EMAIL"

step "Observability"
curl -s -D "$WORK/headers" -o /dev/null "http://127.0.0.1:$PORT/"
grep -qi '^x-request-id: ' "$WORK/headers" || fail "no X-Request-Id header"
podman_ logs "$SHOP" 2>&1 | node -e '
  const lines = require("fs").readFileSync(0, "utf8").trim().split("\n");
  const entries = lines.map((line) => { try { return JSON.parse(line); } catch { throw new Error("not a JSON log line: " + line); } });
  const post = entries.find((e) => e.msg === "request" && e.method === "POST" && e.path === "/admin/productos/nuevo");
  if (!post || !post.reqId || !post.userId || post.status !== 302 || typeof post.durationMs !== "number") {
    throw new Error("no access line with request id and user for the product form");
  }
  console.log(`  ${lines.length} log lines, all JSON; the product form: ${JSON.stringify(post)}`);
' || fail "the logs are not what an operator expects"
metrics="$(curl -s "http://127.0.0.1:$METRICS_PORT/metrics")"
grep -q 'joyeria_http_request_duration_seconds_count{method="POST",route="routes/admin.productos.nuevo",status="302"} 1' <<<"$metrics" ||
  fail "the metrics do not count the product form's POST by route"
grep -q '^joyeria_database_up 1' <<<"$metrics" || fail "joyeria_database_up is not 1"
echo "  metrics on the internal port: $(grep -c '^joyeria_' <<<"$metrics") joyeria_ samples; $(grep '^joyeria_db_pool_connections' <<<"$metrics" | tr '\n' ' ')"
[ "$(curl -s -o /dev/null -w '%{http_code}' "http://127.0.0.1:$PORT/metrics")" = 404 ] || fail "/metrics answers on the shop's port"
# Which release runs (issue 32, item 7): the metric and /readyz's JSON name the commit built; without
# SMTP_URL the JSON says e-mail is held (item 5) while the status stays ready.
grep -q "^joyeria_build_info{build_id=\"[0-9a-f]*\",commit=\"$GIT_COMMIT_VALUE\",version=\"[^\"]*\"} 1" <<<"$metrics" ||
  fail "joyeria_build_info does not name the commit built ($GIT_COMMIT_VALUE): $(grep build_info <<<"$metrics")"
readyz_json="$(curl -s -H 'Accept: application/json' "http://127.0.0.1:$PORT/readyz")"
grep -q "\"commit\":\"$GIT_COMMIT_VALUE\"" <<<"$readyz_json" || fail "/readyz's JSON does not name the commit: $readyz_json"
grep -q 'SMTP_URL' <<<"$readyz_json" || fail "/readyz's JSON does not warn that SMTP_URL is missing: $readyz_json"
echo "  joyeria_build_info and /readyz name commit ${GIT_COMMIT_VALUE:0:12}; /readyz warns about SMTP_URL"
migrate_out="$(podman_ exec "$SHOP" npm run -s migrate 2>&1)" || fail "npm run migrate in the image failed: $migrate_out"
grep -qi 'up to date' <<<"$migrate_out" || fail "npm run migrate on an up-to-date database did not say so: $migrate_out"
echo "  npm run migrate in the image: $(tail -n 1 <<<"$migrate_out")"

step "Stop (SIGTERM) and start again"
STOP_MS="$(stop_shop "$SHOP")"
echo "  stopped in ${STOP_MS} ms, exit code 0, graceful"
t=$(now_ms)
start_shop "$SHOP"
RESTART_HEALTHY_MS="$(wait_healthy "$SHOP" "$t")"
wait_ready
echo "  healthy again after ${RESTART_HEALTHY_MS} ms"
journey login
journey see-product

step "Backup: pg_dump, drop the database, restore (docs/operations.md)"
pg_dump --format=custom --no-owner --file="$WORK/joyeria.dump" "$DB_URL"
echo "  dump: $(($(stat -c %s "$WORK/joyeria.dump") / 1024)) KiB"
stop_shop "$SHOP" >/dev/null
sql "DROP DATABASE \"$DB_NAME\" WITH (FORCE)"
sql "CREATE DATABASE \"$DB_NAME\""
pg_restore --no-owner --exit-on-error --dbname="$DB_URL" "$WORK/joyeria.dump"
t=$(now_ms)
start_shop "$SHOP"
wait_healthy "$SHOP" "$t" >/dev/null
wait_ready
journey login
journey see-product
podman_ rm -f -v "$SHOP" >/dev/null 2>>"$WORK/podman.log"

step "The embedded database (PGlite, EMBEDDED_DATABASE=1) in a volume: demo data, first admin, backup, restore"
VOLUME="$RUN_ID-data"
podman_ volume create "$VOLUME" >/dev/null
# The embedded database has one owner at a time: the one-off commands run before the shop starts.
one_off() { podman_ run --rm --no-healthcheck -i --network=host -v "$VOLUME:/app/data" -e EMBEDDED_DATABASE=1 \
  -e SESSION_SECRET="$SESSION_SECRET_VALUE" -e APP_ORIGIN="http://localhost:$PORT" "$IMAGE" "$@"; }
one_off npm run -s seed:demo >"$WORK/pglite-demo.out" 2>&1 || { cat "$WORK/pglite-demo.out" >&2; fail "seed:demo into the empty volume failed"; }
echo "  $(grep -o 'Seeded in .*' "$WORK/pglite-demo.out")"
if one_off npm run -s seed:demo >"$WORK/pglite-demo-again.out" 2>&1; then fail "seed:demo ran twice on the embedded database"; fi
grep -q "Refusing to seed: the database already holds" "$WORK/pglite-demo-again.out" ||
  fail "the second seed:demo: $(cat "$WORK/pglite-demo-again.out")"
echo "  a second seed:demo: $(grep -o 'Refusing to seed: [^,]*' "$WORK/pglite-demo-again.out")"
printf '%s\n' "$ADMIN_PASSWORD" | one_off npm run -s create-admin -- --email "$ADMIN_EMAIL" >"$WORK/pglite-admin.out" 2>&1 ||
  { cat "$WORK/pglite-admin.out" >&2; fail "create-admin on the embedded database failed"; }
EMBEDDED="$RUN_ID-embedded"
t=$(now_ms)
# SEED_DEMO_CATALOGUE left on, as an operator might: the database holds data, so the start says so and seeds nothing.
run_shop "$EMBEDDED" -v "$VOLUME:/app/data" -e EMBEDDED_DATABASE=1 -e SEED_DEMO_CATALOGUE=1
EMBEDDED_HEALTHY_MS="$(wait_healthy "$EMBEDDED" "$t")"
wait_ready
# Read whole before searching: `grep -q` stops at the first match and `podman logs`, still writing, fails on
# SIGPIPE under pipefail (it did once the start logged two more lines).
embedded_log="$(podman_ logs "$EMBEDDED" 2>&1)"
grep -q "SEED_DEMO_CATALOGUE: not seeded, the database already holds" <<<"$embedded_log" ||
  fail "SEED_DEMO_CATALOGUE on a non-empty database: no word in the log: $(tail -5 <<<"$embedded_log")"
echo "  healthy after ${EMBEDDED_HEALTHY_MS} ms, with the demo catalogue"
node scripts/container/journey.mjs see-product --base "http://127.0.0.1:$PORT" --name "Anillo Solitario Aurora"
journey login
journey add-product
stop_shop "$EMBEDDED" >/dev/null
podman_ rm -v "$EMBEDDED" >/dev/null 2>>"$WORK/podman.log"
podman_ run --rm --no-healthcheck --user root -v "$VOLUME:/app/data:ro" -v "$WORK:/backup" "$IMAGE" \
  tar czf /backup/pglite.tgz -C /app/data .
echo "  backup of the data directory: $(($(stat -c %s "$WORK/pglite.tgz") / 1024)) KiB"
podman_ volume rm "$VOLUME" >/dev/null
podman_ volume create "$VOLUME" >/dev/null
podman_ run --rm --no-healthcheck --user root -v "$VOLUME:/app/data" -v "$WORK:/backup:ro" "$IMAGE" \
  sh -c 'tar xzf /backup/pglite.tgz -C /app/data && chown -R node:node /app/data'
t=$(now_ms)
run_shop "$EMBEDDED" -v "$VOLUME:/app/data" -e EMBEDDED_DATABASE=1
wait_healthy "$EMBEDDED" "$t" >/dev/null
wait_ready
journey login
journey see-product
stop_shop "$EMBEDDED" >/dev/null

if [ "${CONTAINER_TEST_COMPOSE:-1}" = 1 ]; then
  step "docker-compose.yml with podman-compose"
  bash scripts/container/compose-test.sh "$IMAGE" "$BASE_IMAGE" "$RUN_ID-compose" "$WORK"
fi

step "No volume left behind"
for c in $(podman_ ps -a --format '{{.Names}}' | grep "^$RUN_ID" || true); do podman_ rm -f -v "$c" >/dev/null 2>>"$WORK/podman.log"; done
podman_ volume rm -f "$VOLUME" >/dev/null 2>>"$WORK/podman.log" || true
# New volumes that no container uses: ours (another run's volumes still have their containers).
left=()
for v in $(comm -13 <(echo "$VOLUMES_BEFORE") <(podman_ volume ls -q | sort)); do
  [ -n "$(podman_ ps -a -q --filter volume="$v")" ] || left+=("$v")
done
[ ${#left[@]} = 0 ] || fail "volumes left behind: ${left[*]}"
echo "  podman volume ls: as before the test"

echo
echo "✔ Container test passed in $((SECONDS - started_all)) s"
echo "  image $IMAGE: $((IMAGE_BYTES / 1000000)) MB ($(((IMAGE_BYTES - BASE_BYTES) / 1000000)) MB over its base $BASE_IMAGE)"
echo "  base image ${BASE_S} s, image build ${BUILD_S} s"
echo "  start to healthy: ${HEALTHY_MS} ms (to ready: ${READY_MS} ms); restart to healthy: ${RESTART_HEALTHY_MS} ms"
echo "  docker stop (SIGTERM) to exit 0: ${STOP_MS} ms; embedded database, start to healthy: ${EMBEDDED_HEALTHY_MS} ms"
