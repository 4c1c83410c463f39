#!/usr/bin/env bash
# docker-compose.yml, run with podman-compose (part of scripts/container-test.sh):
# the shop and its database from an empty volume, the first admin, a product, then down and up
# again with the volume kept. The official postgres image is out of reach here, so POSTGRES_IMAGE
# names one built from Debian's packages (postgres.Containerfile) that takes the same settings.
# Usage: compose-test.sh <shop image> <base image> <project name> <work dir>
set -euo pipefail
cd "$(dirname "$0")/../.."
. scripts/container/podman.sh
SHOP_IMAGE="$1" BASE_IMAGE="$2" PROJECT="$3" WORK="$4"
POSTGRES_IMAGE="localhost/joyeria-postgres:15"

if ! podman_ image exists "$POSTGRES_IMAGE"; then
  t=$SECONDS
  podman_ build --quiet --format docker --network=host --build-arg BASE_IMAGE="$BASE_IMAGE" \
    -f scripts/container/postgres.Containerfile -t "$POSTGRES_IMAGE" scripts/container >/dev/null
  echo "  PostgreSQL image from Debian's packages: $POSTGRES_IMAGE ($((SECONDS - t)) s)"
fi

port="$(node -e 'const s = require("net").createServer().listen(0, "127.0.0.1", () => { console.log(s.address().port); s.close(); })')"
cat >"$WORK/compose.env" <<ENV
SHOP_IMAGE=$SHOP_IMAGE
POSTGRES_IMAGE=$POSTGRES_IMAGE
SHOP_PORT=$port
APP_ORIGIN=http://localhost:$port
SESSION_SECRET=$(node -p 'require("crypto").randomBytes(32).toString("base64")')
SEED_DEMO_CATALOGUE=1
ENV
set -a
. "$WORK/compose.env"
set +a
compose() { podman-compose -p "$PROJECT" "$@"; }

# The image declares VOLUME /app/data (the embedded database's place, unused with DATABASE_URL): each shop
# container gets an anonymous volume there, which `down` (even `down -v`) leaves behind. Removed with it.
anonymous_volumes() {
  for c in $(podman_ ps -a -q --filter "name=^${PROJECT}_"); do
    podman_ inspect --format '{{range .Mounts}}{{if eq .Type "volume"}}{{.Name}}{{"\n"}}{{end}}{{end}}' "$c"
  done | grep -E '^[0-9a-f]{64}$' || true
}
down() {
  local anonymous
  anonymous="$(anonymous_volumes)"
  compose down "$@" >"$WORK/compose-down.log" 2>&1
  # shellcheck disable=SC2086 # one name per word
  [ -z "$anonymous" ] || podman_ volume rm -f $anonymous >/dev/null
}

wait_ready() {
  local deadline=$((SECONDS + 120))
  until [ "$(curl -s -o /dev/null -w '%{http_code}' "http://127.0.0.1:$port/readyz")" = 200 ]; do
    if [ $SECONDS -ge $deadline ]; then
      podman_ logs --tail 30 "${PROJECT}_shop_1" >&2 || true
      echo "✘ the compose shop was not ready within 120 s" >&2
      exit 1
    fi
    sleep 0.5
  done
}

t=$SECONDS
compose up -d >"$WORK/compose-up.log" 2>&1 || { cat "$WORK/compose-up.log" >&2; exit 1; }
wait_ready
echo "  podman-compose up: ready on the published port $port after $((SECONDS - t)) s (the database started from an empty volume)"
printf '%s\n' "$ADMIN_PASSWORD" | podman_ exec -i "${PROJECT}_shop_1" npm run -s create-admin -- --email "compose@joyeriaaurora.mx" |
  grep "Admin account created"
journey() { node scripts/container/journey.mjs "$1" --base "http://127.0.0.1:$port" --email compose@joyeriaaurora.mx --name "$2"; }
journey see-product "Anillo Solitario Aurora" # from the demo catalogue (SEED_DEMO_CATALOGUE=1)
journey add-product "Collar Compuesto"
down
compose up -d >"$WORK/compose-up.log" 2>&1 || { cat "$WORK/compose-up.log" >&2; exit 1; }
wait_ready
journey login "Collar Compuesto"
journey see-product "Collar Compuesto"
down -v
echo "  down and up again: the volume kept the admin and the product; down -v removed it"
