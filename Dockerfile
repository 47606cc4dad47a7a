# Your Place, production image: the same commands as scripts/smoke-production.sh, which CI runs on every change.
#   docker build -t yourplace .
#   docker run -p 5000:5000 -e SESSION_SECRET=... -e DATABASE_URL=... yourplace
# See README "Running in production" for the variables; compose.yaml runs it with PostgreSQL and Redis. Photos go
# to the /data volume, or to a bucket with MEDIA_STORE=s3 and S3_* (README "Running at scale", decision 0041).

# Node.js 24 LTS, the version in .nvmrc (CI runs its gate on the same release; tests/unit/node-version.test.ts keeps
# the two equal). Node 20 reached its end of life on 30 April 2026.
ARG NODE_VERSION=24.21.0

# 1. Build: every dependency, then the client, the page renderer and the compiled server (npm run build).
FROM node:${NODE_VERSION}-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# 2. Run: production dependencies and the built files only, as the unprivileged "node" user.
FROM node:${NODE_VERSION}-bookworm-slim
ENV NODE_ENV=production HOST=0.0.0.0 PORT=5000 DATA_DIR=/data
WORKDIR /app
# pg_dump and pg_restore (PostgreSQL 15's, as Debian bookworm ships) for `node dist/server/backup.js`.
RUN apt-get update && apt-get install -y --no-install-recommends postgresql-client \
  && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force
COPY --from=build /app/dist ./dist
COPY drizzle ./drizzle
COPY resources ./resources
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 5000
HEALTHCHECK --interval=10s --timeout=3s --start-period=120s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + process.env.PORT + '/readyz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "--max-semi-space-size=8", "dist/server/main.js"]
