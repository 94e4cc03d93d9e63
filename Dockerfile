# TradeCard in production: one Node 24 process serving the API, the public site and the profile pages (ADR 012).
#
#   docker build -t tradecard .
#   docker run -p 3000:3000 -v tradecard-data:/app/data --env-file tradecard.env tradecard
#
# One image serves any address: PUBLIC_URL and CHAT_WIDGET_SRC are read when the container starts (ADR 040).
#
# The image switches production mode on: it refuses local payments, the seeded demo and a missing PUBLIC_URL unless
# DEMO=true says this instance is a demo (docs/operations.md, "Running it in production").

ARG NODE_IMAGE=node:24-bookworm-slim

# Every dependency, to build the site. better-sqlite3 and argon2 ship prebuilt binaries for this platform; the
# compilers are here only for a platform they don't cover, and never reach the runtime stage.
FROM ${NODE_IMAGE} AS deps
RUN apt-get update \
  && apt-get install -y --no-install-recommends python3 make g++ \
  && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
RUN npm ci --no-audit --no-fund

# The public site, built for no address (ADR 040): each container writes its PUBLIC_URL and chat widget into the
# few files that name them when it starts, beside the build (site/localised); a new address builds nothing.
FROM deps AS site
COPY . .
RUN npm run build
# The server and ops commands as JavaScript (ADR 032): the image starts them without compiling.
RUN node scripts/compile.ts

# Production dependencies only: no test runner, no browser driver, no benchmark tools, no site build tools (Astro,
# esbuild and the site's client libraries are devDependencies), and nothing deploy/prune-node-modules.sh finds
# unread at run time (issue 29: 381 MB before, ≤ 150 MB asked; scripts/bench/runtime-deps.ts measures it).
FROM deps AS prod-deps
COPY deploy/prune-node-modules.sh ./
RUN npm ci --omit=dev --no-audit --no-fund && sh prune-node-modules.sh node_modules

FROM ${NODE_IMAGE} AS runtime
# `npm run backup` and `restore` with DATABASE_URL run pg_dump and pg_restore (ADR 023): bookworm's are version 15,
# which dump PostgreSQL 15 and older; for a newer server, install its version's client from apt.postgresql.org.
RUN apt-get update \
  && apt-get install -y --no-install-recommends postgresql-client \
  && rm -rf /var/lib/apt/lists/*
WORKDIR /app
# The same source tree the site was built from (.dockerignore keeps tests, fixtures and dev tools out), so the
# build stamp matches and the first start serves at once. Owned by the user the server runs as, which writes the
# site's pages for its address beside the build (site/localised) at its first start.
COPY --chown=node:node . .
COPY --from=prod-deps /app/node_modules ./node_modules
COPY --from=site --chown=node:node /app/site/dist ./site/dist
COPY --from=site --chown=node:node /app/.build ./.build
RUN mkdir -p /app/data && chown node:node /app/data

# PRODUCTION: refuse demo defaults. NODE_ENV: React's production build only. MALLOC_ARENA_MAX: glibc gives each
# image-processing thread its own arena, which never shrinks. MALLOC_MMAP_THRESHOLD_: a photo's large buffers stay
# mmapped, so a burst of uploads gives its memory back (ADR 017). METRICS_HOST: the metrics port is the container's,
# published only if the operator maps it.
ENV PRODUCTION=true \
  NODE_ENV=production \
  MALLOC_ARENA_MAX=2 \
  MALLOC_MMAP_THRESHOLD_=131072 \
  PORT=3000 \
  DATA_DIR=/app/data \
  METRICS_HOST=0.0.0.0 \
  METRICS_PORT=9464
VOLUME ["/app/data"]
EXPOSE 3000 9464
USER node
# Liveness, not readiness: an orchestrator restarts an unhealthy container, and a restart cures a hung process, not
# a database away or a full disk, which /api/ready reports (to the load balancer) and which pass by themselves.
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
# node itself is PID 1 (no npm, no shell), so SIGTERM from `docker stop` reaches the server, which drains in-flight
# requests for SHUTDOWN_GRACE_SECONDS (default 30; give docker stop a longer --time).
STOPSIGNAL SIGTERM
CMD ["node", "--max-semi-space-size=8", "scripts/run.ts", "start"]
