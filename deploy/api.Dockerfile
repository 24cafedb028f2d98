# The api: node dist/main.js on the runtime dependencies only. Build context: the repository root.
#   docker build -f deploy/api.Dockerfile -t excursio-api .
ARG NODE_VERSION=22.22.0

FROM node:${NODE_VERSION}-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY shared/package.json shared/
COPY api/package.json api/
COPY shell/package.json shell/
RUN npm ci --workspace api --include-workspace-root --no-audit --no-fund
COPY shared shared
COPY api api
RUN npm run build -w api

FROM node:${NODE_VERSION}-bookworm-slim AS runtime
ENV NODE_ENV=production APP_ENV=production HOST=0.0.0.0 PORT=8080
WORKDIR /app
COPY package.json package-lock.json ./
COPY shared/package.json shared/
COPY api/package.json api/
RUN npm ci --omit=dev --workspace api --no-audit --no-fund && npm cache clean --force
COPY --from=build /app/api/dist api/dist
COPY api/drizzle api/drizzle
USER node
WORKDIR /app/api
EXPOSE 8080 9464
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||8080)+'/api/live').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
CMD ["node", "--enable-source-maps", "dist/main.js"]
