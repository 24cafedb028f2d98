# The shell server (pages, server rendering of the catalog, the /api proxy). Build context: the repository root.
#   docker build -f deploy/shell.Dockerfile -t excursio-shell .
ARG NODE_VERSION=22.22.0

FROM node:${NODE_VERSION}-bookworm-slim AS build
WORKDIR /app
COPY . .
RUN npm ci --no-audit --no-fund && node scripts/build.mjs shell

FROM node:${NODE_VERSION}-bookworm-slim AS runtime
ENV NODE_ENV=production APP_ENV=production SHELL_PORT=3000
WORKDIR /app
COPY package.json package-lock.json ./
COPY shared/package.json shared/
COPY shell/package.json shell/
RUN npm ci --omit=dev --workspace shell --no-audit --no-fund && npm cache clean --force
COPY shared/src/env shared/src/env
COPY shell/server shell/server
# the server's own imports outside shell/server (plain ESM shared with the browser code)
COPY shell/src/features/address-rules/canonicalPath.mjs shell/src/features/address-rules/
COPY shell/src/features/error-page/isCrawler.mjs shell/src/features/error-page/
COPY shell/src/features/mounts/mountTable.mjs shell/src/features/mounts/
COPY --from=build /app/shell/dist shell/dist
COPY --from=build /app/shell/dist-server shell/dist-server
USER node
EXPOSE 3000 9464
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.SHELL_PORT||3000)+'/live').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
CMD ["node", "shell/server/serve.mjs", "shell"]
