#!/usr/bin/env bash
# Everything that must pass before a change lands: lint, types, and every test suite.
# Run through `npm test` (which provisions Node 24, dependencies, PostgreSQL and Redis first) or
# `npm run validate`.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

step() { printf '\n[melon] == %s ==\n' "$*"; }
started=$SECONDS

step "format, lint and typecheck"
npx prettier --check --log-level warn .
npm run --silent typegen
npx eslint --max-warnings 0 . &
lint=$!
npx tsc -b
wait "$lint"

step "unit and API tests on SQLite"
npx vitest run

if [ -n "${DATABASE_URL:-}" ] || pg_isready -h 127.0.0.1 -p 5432 -q 2>/dev/null; then
  step "database and API tests on PostgreSQL, beside the scale journey (nginx, two web processes, a worker)"
  # The journey waits on transcodes and process starts more than it computes: run alongside.
  mkdir -p .cache && npx playwright test -c e2e/scale >.cache/scale-journey.log 2>&1 &
  scale=$!
  npm run --silent test:pg
  wait "$scale" || { cat .cache/scale-journey.log; exit 1; }
  cat .cache/scale-journey.log
else
  echo "[melon] PostgreSQL does not answer on 127.0.0.1:5432: run \`npm test\`, which installs and" \
    "starts it, or set DATABASE_URL" >&2
  exit 1
fi

step "browser tests in Chromium"
npx playwright test

step "all checks passed in $((SECONDS - started)) s"
