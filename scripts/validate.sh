#!/usr/bin/env bash
# Everything that must pass before a change lands: lint, types, and every test suite.
# Run through `npm test` (which provisions Node 24, dependencies, PostgreSQL and Redis first) or
# `npm run validate`.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

started=$SECONDS
stage=""
stage_started=$SECONDS
# The machine's CPU time so far, in ticks: all of it, and the idle part (idle and iowait).
cpu_ticks() { awk '/^cpu /{ print $2 + $3 + $4 + $5 + $6 + $7 + $8 + $9, $5 + $6 }' /proc/stat; }
read -r stage_total stage_idle < <(cpu_ticks)
# Each step's heading first says how long the one before took and how much of the machine idled
# meanwhile: CI's output keeps the stage times, and an idle share shows where work could overlap.
step() {
  local total idle
  read -r total idle < <(cpu_ticks)
  if [ -n "$stage" ]; then
    printf '[melon] %s: %d s, CPU %d %% idle\n' "$stage" "$((SECONDS - stage_started))" \
      "$(((idle - stage_idle) * 100 / (total - stage_total + 1)))"
  fi
  stage=$*
  stage_started=$SECONDS
  stage_total=$total
  stage_idle=$idle
  printf '\n[melon] == %s ==\n' "$*"
}

# From the start, beside the lint and the unit tests, the e2e site's demo videos are made, which
# its first start would otherwise make (minutes of ffmpeg) before the first browser test.
mkdir -p .cache
node e2e/support/prepare-demo-videos.ts .cache/demo-cache >.cache/demo-videos.log 2>&1 &
demo_videos=$!

step "format and typecheck, the lint beside them"
npx prettier --check --log-level warn .
npm run --silent typegen
npx eslint --max-warnings 0 . >.cache/lint.log 2>&1 &
lint=$!
npx tsc -b

step "unit and API tests on SQLite, the lint finishing beside them"
# The type-aware lint runs on one core for minutes after the typecheck: the tests take the other.
# Vitest runs two workers (its default is one on two cores): with one beside the demo videos, a
# core idled once the videos were made (682 s in CI).
npx vitest run --maxWorkers=2
wait "$lint" || { cat .cache/lint.log; exit 1; }

if [ -n "${DATABASE_URL:-}" ] || pg_isready -h 127.0.0.1 -p 5432 -q 2>/dev/null; then
  step "database and API tests on PostgreSQL, beside the scale journey (nginx, two web processes, a worker)"
  # The journey waits on transcodes and process starts more than it computes: run alongside.
  # The database tests wait on PostgreSQL's answers too: test:pg runs two workers (vitest's
  # default is one on two cores); 170 files took 326 s so on a machine busy with other work,
  # against 318 s for one worker on a quiet one.
  npx playwright test -c e2e/scale >.cache/scale-journey.log 2>&1 &
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
wait "$demo_videos" || { cat .cache/demo-videos.log; exit 1; }
npx playwright test

step "all checks passed in $((SECONDS - started)) s"
