/**
 * bench/fuzz: the route fuzzer's long run (decision 026). The whole app on a fresh SQLite
 * database (MELON_TEST_DIALECT=postgres for PostgreSQL) with a small demo-like world, every
 * registered route fuzzed from the OpenAPI document and beyond it through app.inject; reports
 * requests tried, per-route counts and failures (5xx, answers that are not the envelope,
 * state changed by a refused request). Writes the result into docs/BENCHMARKS.md.
 *   node bench/fuzz/run.ts [--requests 100000] [--seed 20261125]
 */
import { loadavg } from 'node:os';
import { failureText } from '../../apps/server/src/testing/fuzz/failure-text.ts';
import {
  createRouteFuzzer,
  type FailureKind,
} from '../../apps/server/src/testing/fuzz/route-fuzzer.ts';
import { createTestApp } from '../../apps/server/src/testing/test-app.ts';
import { numberOption } from '../cli-options.ts';
import { writeBenchmarkSection } from '../report.ts';

const requests = numberOption('requests', 100_000);
const seed = numberOption('seed', 20_261_125);
const dialect = process.env.MELON_TEST_DIALECT ?? 'sqlite';

const t = await createTestApp();
try {
  const fuzzer = await createRouteFuzzer(t);
  const loadAtStart = loadavg()[0] ?? 0;
  const started = performance.now();
  console.log(`fuzzing ${fuzzer.routes.length} routes, ${requests} requests, seed ${seed}`);
  const report = await fuzzer.run({
    seed,
    runs: requests,
    onProgress: (tried) => {
      if (tried % 5000 === 0) console.log(`  ${tried} requests`);
    },
  });
  const seconds = (performance.now() - started) / 1000;
  const count = (kind: FailureKind) => report.byKind.get(kind) ?? 0;
  const fiveHundreds = count('5xx');
  const rows = [...report.perRoute]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([key, { tried, refused }]) => `| \`${key}\` | ${tried} | ${refused} |`);
  const failures = report.failures.slice(0, 10).map(failureText);
  const body = [
    `Run on ${new Date().toISOString().slice(0, 10)} with \`npm run bench:fuzz\` on a shared 2-core machine (load average ${loadAtStart.toFixed(1)} at the start, ${(loadavg()[0] ?? 0).toFixed(1)} at the end), ${dialect}, seed ${seed}: ${report.tried} requests over ${fuzzer.routes.length} routes (every registered route, HEAD included; ${fuzzer.routes.filter((route) => route.documented).length} from the OpenAPI document with their schemas) in ${seconds.toFixed(0)} s through \`app.inject\`, the state watched after each (decision 026).`,
    '',
    '| failure | count |',
    '|---|---:|',
    `| 5xx answers | ${fiveHundreds} |`,
    `| not the SPEC §8 envelope (or not the route's own kind) | ${count('not-envelope') + count('wrong-kind')} |`,
    `| a refusal not in Chinese | ${count('not-chinese')} |`,
    `| state changed by a refused request | ${count('state-change')} |`,
    `| no answer, or inject threw | ${count('hung') + count('threw')} |`,
    '',
    `**${fiveHundreds} 5xx in ${report.tried} requests** (target: 0 in 100 000).`,
    '',
    ...(failures.length > 0
      ? ['First failures:', '', '```text', failures.join('\n\n'), '```', '']
      : []),
    '<details><summary>Requests per route (tried, refused)</summary>',
    '',
    '| route | tried | refused |',
    '|---|---:|---:|',
    ...rows,
    '',
    '</details>',
  ].join('\n');
  console.log(`\n${body}\n`);
  await writeBenchmarkSection('fuzz', 'Fuzzing: every route from the OpenAPI document', body);
  if (report.failures.length > 0) process.exitCode = 1;
} finally {
  await t.close();
}
