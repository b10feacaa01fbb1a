# syntax=docker/dockerfile:1
# The same install, build and start as the README's plain npm commands: `npm install` (as .ci/run:
# `npm ci` refuses this lock file, which cannot list other platforms' optional packages; `npm install`
# honours it all the same), `npm run build`, `node dist/src/main.js` (what `npm start` runs after its
# build), `/health` as the health check. Migrations before a rollout: `node dist/scripts/migrate.js`
# (the image has no compiler, so not `npm run migrate`, which builds first).
# Not built here: these machines have no Docker daemon and cannot pull base images.

# Build: all dependencies, TypeScript compiled to dist/.
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm install --no-audit --no-fund
COPY tsconfig.json tsconfig.build.json ./
COPY src ./src
COPY scripts ./scripts
RUN npm run build

# Production dependencies only.
FROM node:20-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm install --omit=dev --no-audit --no-fund && npm cache clean --force

# Runtime: compiled code and production dependencies, as the unprivileged `node` user.
FROM node:20-bookworm-slim AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=8080
WORKDIR /app
COPY --from=deps --chown=node:node /app/node_modules ./node_modules
COPY --from=build --chown=node:node /app/dist ./dist
COPY --chown=node:node package.json ./
# Without DATABASE_URL the embedded PostgreSQL keeps its data here (mount a volume).
RUN mkdir /app/data && chown node:node /app/data
USER node
EXPOSE 8080
# Alive while the process serves. Not /ready: during a database outage the instance answers 503 and
# recovers by itself when the database returns; replacing it would not help (load balancers route on /ready).
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||8080)+'/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# node is PID 1 and handles SIGTERM itself (graceful stop, exit 0), as under `npm start`.
CMD ["node", "dist/src/main.js"]
