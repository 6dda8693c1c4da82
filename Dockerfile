# syntax=docker/dockerfile:1
# Quartermaster as a container: build with everything, run with production dependencies only.
#   docker build -t quartermaster .
#   docker run -p 5000:5000 -v quartermaster-data:/data quartermaster
# With PostgreSQL: compose.yaml. Every setting: .env.example.
# tests/e2e/production.e2e.ts runs this file's runtime commands (the RUN lines that install, and
# the CMD) against the build, so what the image runs is what the tests run.

ARG NODE_VERSION=22

FROM node:${NODE_VERSION}-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN --mount=type=cache,target=/root/.npm npm ci --no-audit --no-fund
COPY . .
RUN npm run build

FROM node:${NODE_VERSION}-bookworm-slim AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=5000 \
    DATA_DIR=/data
WORKDIR /app
COPY package.json package-lock.json ./
COPY scripts/prune-production.mjs scripts/
# npm's cache stays out of the image: a build cache mount, not a layer.
RUN --mount=type=cache,target=/root/.npm npm ci --omit=dev --no-audit --no-fund && node scripts/prune-production.mjs
COPY --from=build /app/dist ./dist
# The embedded database, its key and its lock live in DATA_DIR; the image's own user owns it.
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 5000
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 5000) + '/api/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# Node itself is the process the runtime signals (no npm, no shell): SIGTERM closes it gracefully.
CMD ["node", "dist/server/main.js"]
