# Sourced by build-bases.sh and build-and-check.sh: podman's settings on this kind of machine (see containers.conf
# here and README.md). CONTAINERS_CONF replaces /etc/containers/containers.conf for every podman this shell starts
# (podman-compose's too).
export CONTAINERS_CONF="${CONTAINERS_CONF:-$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)/containers.conf}"
# crun 1.8 refuses «cgroups in hybrid mode» while the cgroup v2 hierarchy still holds a controller (here hugetlb,
# the one controller no v1 hierarchy is mounted for): mount a v1 hierarchy for it, which empties v2's list.
ensure_cgroup_hybrid_ok() {
  local v2=/sys/fs/cgroup/unified/cgroup.controllers
  if [ -s "$v2" ] && [ -n "$(tr -d ' \n' <"$v2")" ]; then
    for c in $(cat "$v2"); do
      mkdir -p "/sys/fs/cgroup/$c" && mount -t cgroup -o "$c" cgroup "/sys/fs/cgroup/$c"
      echo "podman-env: mounted a cgroup v1 hierarchy for $c at /sys/fs/cgroup/$c (crun: hybrid mode)" >&2
    done
  fi
}
ensure_cgroup_hybrid_ok
# HEALTHCHECK exists only in the docker image format (podman's default, OCI, drops it with a warning).
export BUILDAH_FORMAT=docker
