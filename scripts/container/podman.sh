# Sourced by the container scripts: podman as it runs on this kind of machine (docs/operations.md,
# "The container, tested"). Docker Hub is unreachable here and the machine's cgroups are hybrid, so:
# - runc instead of crun (crun refuses hybrid cgroups) and the cgroupfs manager (no systemd);
# - no default ulimits (podman's default RLIMIT_NOFILE cannot be set in this sandbox).
# Elsewhere plain `docker` or `podman` runs the same Dockerfile with the official base image.

CONTAINER_STATE_DIR="${CONTAINER_STATE_DIR:-${TMPDIR:-/tmp}/joyeria-podman}"
mkdir -p "$CONTAINER_STATE_DIR"
# The same settings as a file, for tools that call podman themselves (podman-compose).
printf '[containers]\ndefault_ulimits = []\n\n[engine]\nruntime = "runc"\ncgroup_manager = "cgroupfs"\n' \
  >"$CONTAINER_STATE_DIR/containers.conf"
export CONTAINERS_CONF="$CONTAINER_STATE_DIR/containers.conf"

podman_() { podman --runtime runc --cgroup-manager=cgroupfs "$@"; }
