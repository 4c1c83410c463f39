# syntax=docker/dockerfile:1
# Joyería Aurora — production image: Debian slim, Node 20, production dependencies only,
# non-root user, migrations applied on start, liveness check on /healthz.
#
#   docker build -t joyeria .            (podman: podman build --format docker -t joyeria . — podman's
#                                        default OCI format drops the HEALTHCHECK below)
#   docker run -p 3000:3000 -e SESSION_SECRET=… -e APP_ORIGIN=https://… -e DATABASE_URL=postgresql://… joyeria
#   docker exec -it <container> npm run create-admin -- --email ana@joyeriaaurora.mx
#
# Required: SESSION_SECRET and APP_ORIGIN (the server refuses to start without them).
# Behind a reverse proxy or load balancer also set TRUST_PROXY to its address or subnet (not a count).
# DATABASE_URL: a PostgreSQL server. Without it the start refuses (NODE_ENV=production runs for real),
# unless EMBEDDED_DATABASE=1 asks for the embedded PGlite in /app/data (mount a named volume there; an
# anonymous one goes with `docker rm -v`). Prometheus metrics: port 9464 inside the container on its
# loopback; METRICS_HOST=0.0.0.0 opens it to the monitoring network, never published (docs/operations.md).
# Upgrades: `docker run --rm … joyeria npm run migrate` then the new image with MIGRATE_ON_START=0
# (docs/operations.md "Upgrades"); by default every start applies pending migrations itself.
# The README's "Running the container" section is what scripts/container-test.sh runs in CI.

# Any Debian bookworm image with Node 20 and a `node` user (uid 1000); CI builds one itself
# (scripts/container/base-image.sh) because Docker Hub is out of its reach.
ARG BASE_IMAGE=node:20-bookworm-slim
FROM ${BASE_IMAGE} AS base
WORKDIR /app
ENV NPM_CONFIG_UPDATE_NOTIFIER=false NPM_CONFIG_FUND=false NPM_CONFIG_AUDIT=false

# All dependencies, for the build. `npm install` with the lockfile, not `npm ci` (docs/operations.md);
# no install scripts (npm 10 would run Prisma's engine download); the shop's verified patches to installed
# dependencies (scripts/patch-dependencies.mjs: routes built and matched once) are applied explicitly, and
# the build FAILS, naming the patch, on any version or file the script cannot vouch for (docs/upgrading.md).
FROM base AS deps
COPY package.json package-lock.json ./
COPY scripts/patch-dependencies.mjs scripts/
RUN npm install --include=dev --ignore-scripts && node scripts/patch-dependencies.mjs

# Production dependencies only.
FROM base AS production-deps
COPY package.json package-lock.json ./
COPY scripts/patch-dependencies.mjs scripts/
RUN npm install --omit=dev --ignore-scripts && node scripts/patch-dependencies.mjs && npm cache clean --force

# The Prisma client is generated into app/ and bundled by the build, as are the operators' commands.
# The commit built, for the `joyeria_build_info` metric and /readyz (the build context has no .git):
#   docker build --build-arg GIT_COMMIT=$(git rev-parse HEAD) -t joyeria .
FROM deps AS build
ARG GIT_COMMIT=
COPY . .
RUN node scripts/prisma.mjs generate && npm run build

FROM base AS runtime
# Metrics on 9464 bind to the container's loopback unless METRICS_HOST says otherwise (0.0.0.0 for a
# Prometheus on the container network; docs/operations.md "Metrics").
ENV NODE_ENV=production PORT=3000 LOG_FORMAT=json METRICS_PORT=9464
COPY --from=production-deps --chown=node:node /app/node_modules node_modules
COPY --from=build --chown=node:node /app/build build
COPY --from=build --chown=node:node /app/public public
COPY --chown=node:node package.json prisma.config.ts ./
COPY --chown=node:node prisma/schema.prisma prisma/schema.prisma
COPY --chown=node:node prisma/migrations prisma/migrations
COPY --chown=node:node scripts/start.mjs scripts/with-db.mjs scripts/migrate.mjs scripts/prisma.mjs scripts/unref-timers.cjs scripts/
COPY --chown=node:node scripts/lib scripts/lib
COPY --chown=node:node server server
RUN mkdir -p /app/data && chown node:node /app/data
USER node
VOLUME ["/app/data"]
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=5s --start-period=60s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
CMD ["node", "scripts/start.mjs"]
