import { percentile } from '../statistics.ts';

/** The kinds the targets speak of: pages and API calls (p99 under 200 ms), and media. */
export type EndpointKind = 'page' | 'api' | 'media';

interface Endpoint {
  kind: EndpointKind;
  latencies: number[];
  errors: number;
  /** Error answers by status or envelope code and message (0: no answer). */
  statuses: Map<string, number>;
}

/** Latency and errors per named endpoint, recorded by every simulated user of one run. */
export class EndpointStats {
  readonly #endpoints = new Map<string, Endpoint>();
  #recording = false;

  /** Requests before this (warm-up, sign-ups) are not counted. */
  startRecording(): void {
    this.#recording = true;
  }

  record(name: string, kind: EndpointKind, ms: number, outcome: string, ok: boolean): void {
    if (!this.#recording) return;
    let endpoint = this.#endpoints.get(name);
    if (!endpoint) {
      endpoint = { kind, latencies: [], errors: 0, statuses: new Map() };
      this.#endpoints.set(name, endpoint);
    }
    endpoint.latencies.push(ms);
    if (!ok) {
      endpoint.errors += 1;
      endpoint.statuses.set(outcome, (endpoint.statuses.get(outcome) ?? 0) + 1);
    }
  }

  /** One row per endpoint: requests a second over `seconds`, p50, p99 and errors. */
  summary(seconds: number) {
    return [...this.#endpoints].map(([name, e]) => ({
      name,
      kind: e.kind,
      requests: e.latencies.length,
      rps: e.latencies.length / seconds,
      p50: percentile(e.latencies, 0.5),
      p99: percentile(e.latencies, 0.99),
      errors: e.errors,
      statuses: [...e.statuses].map(([outcome, n]) => `${outcome} ×${n}`).join('; '),
    }));
  }
}
