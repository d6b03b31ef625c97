import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';
import { median } from './statistics.ts';

/** One URL loaded with the same headers on every request (a browser's cookies). */
export interface LoadTarget {
  url: string;
  headers?: Record<string, string>;
  /** autocannon's requests, for bodies and methods other than GET (taken in turn). */
  requests?: autocannon.Request[];
  /** The serving process, whose CPU time per request is measured too (Linux). */
  pid?: number | undefined;
}

/**
 * A target's figures over the rounds: medians of requests/s, p99 and the server's CPU time per
 * request, the errors summed.
 */
export interface LoadResult {
  rps: number;
  p99: number;
  errors: number;
  /** Microseconds of the serving process's CPU (user and system) per request; 0 without a pid. */
  cpuPerRequestUs: number;
  /** Requests a second in each round, in order. */
  roundRps: number[];
}

/** The process's CPU time so far, in microseconds (`/proc/<pid>/stat`, 100 ticks a second). */
function cpuTimeUs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return (Number(fields[11]) + Number(fields[12])) * 10_000;
}

export interface LoadOptions {
  connections: number;
  /** Measured seconds per target and round, each after 2 s of warm-up. */
  seconds: number;
  /** How many times the targets take turns. */
  rounds: number;
}

/**
 * Loads the targets with autocannon, taking turns for `rounds` rounds: each time 2 s of
 * warm-up, then `seconds` measured at `connections` connections. On a machine shared with
 * other work the load drifts; taking turns puts every target under the same drift, and a ratio
 * of two targets is best read as the median of its per-round ratios (`medianRatio`). A non-2xx
 * answer counts as an error.
 */
export async function loadInTurns<K extends string>(
  targets: Record<K, LoadTarget>,
  options: LoadOptions,
): Promise<Record<K, LoadResult>> {
  const { connections, seconds, rounds } = options;
  const names = Object.keys(targets) as K[];
  const runs = new Map<K, { result: autocannon.Result; cpuUs: number }[]>(
    names.map((name) => [name, []]),
  );
  for (let round = 0; round < rounds; round += 1) {
    for (const name of names) {
      const { url, headers = {}, requests, pid } = targets[name];
      await autocannon({ url, headers, requests, connections, duration: 2 });
      const cpuBefore = pid === undefined ? 0 : cpuTimeUs(pid);
      const result = await autocannon({ url, headers, requests, connections, duration: seconds });
      const cpuUs = pid === undefined ? 0 : cpuTimeUs(pid) - cpuBefore;
      runs.get(name)?.push({ result, cpuUs });
    }
  }
  const results = {} as Record<K, LoadResult>;
  for (const name of names) {
    const done = runs.get(name) ?? [];
    results[name] = {
      rps: median(done.map(({ result }) => result.requests.average)),
      p99: median(done.map(({ result }) => result.latency.p99)),
      errors: done.reduce((sum, { result }) => sum + result.errors + result.non2xx, 0),
      cpuPerRequestUs: median(done.map(({ result, cpuUs }) => cpuUs / result.requests.total)),
      roundRps: done.map(({ result }) => result.requests.average),
    };
  }
  return results;
}

/** The median over the rounds of `target`'s requests a second to `peer`'s in the same round. */
export function medianRatio(target: LoadResult, peer: LoadResult): number {
  return median(target.roundRps.map((rps, round) => rps / (peer.roundRps[round] ?? Number.NaN)));
}

/**
 * What share of the peer's throughput the target's CPU time per request allows: the peer's CPU
 * per request over the target's. Other work on a shared machine slows both, so this moves less
 * than a ratio of requests a second (each server still pays for the load generator's share).
 */
export const cpuRatio = (target: LoadResult, peer: LoadResult): number =>
  peer.cpuPerRequestUs / target.cpuPerRequestUs;

/** A ratio as the reports print it: `46.4%`. */
export const percent = (ratio: number): string => `${(ratio * 100).toFixed(1)}%`;

/** The head of a report's table of loads (rows by `loadRow`). */
export const LOAD_TABLE_HEAD =
  '| target | requests/s | p99 latency | server CPU per request | errors |\n|---|---:|---:|---:|---:|';

/** One target's row of a report's table. */
export const loadRow = (name: string, result: LoadResult): string =>
  `| ${name} | ${result.rps.toFixed(0)} | ${result.p99} ms | ${result.cpuPerRequestUs.toFixed(0)} µs | ${result.errors} |`;
