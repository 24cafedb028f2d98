# The six remotes' static builds behind nginx, each under /remotes/<folder>/ with CORS and long-cached hashed files.
#   docker build -f deploy/remotes.Dockerfile -t excursio-remotes .
ARG NODE_VERSION=22.22.0

FROM node:${NODE_VERSION}-bookworm-slim AS build
WORKDIR /app
COPY . .
RUN npm ci --no-audit --no-fund \
  && node scripts/build.mjs mfe-catalog mfe-auth mfe-user-account mfe-partner-account mfe-notifications mfe-backoffice \
  && mkdir -p /out && for app in mfe-catalog mfe-auth mfe-user-account mfe-partner-account mfe-notifications mfe-backoffice; do cp -r "$app/dist" "/out/$app"; done

FROM nginxinc/nginx-unprivileged:1.27-alpine AS runtime
COPY deploy/nginx-remotes.conf /etc/nginx/conf.d/default.conf
COPY --from=build /out /usr/share/nginx/html/remotes
USER 101
EXPOSE 8081
HEALTHCHECK --interval=10s --timeout=3s --retries=3 CMD ["wget", "-q", "-O", "/dev/null", "http://127.0.0.1:8081/healthz"]
