/** Latencies in 0.1 ms buckets up to 30 s (the last bucket takes anything longer). */
const BUCKET_MS = 0.1;
const BUCKETS = 300_000;

export interface Histogram {
  buckets: Uint32Array;
  record(ms: number): void;
}

export function createHistogram(): Histogram {
  const buckets = new Uint32Array(BUCKETS);
  return {
    buckets,
    record(ms) {
      const index = Math.min(BUCKETS - 1, Math.max(0, Math.floor(ms / BUCKET_MS)));
      buckets[index] = (buckets[index] ?? 0) + 1;
    },
  };
}

/** Adds histograms bucket by bucket. */
export function merge(parts: readonly (readonly number[])[]): Uint32Array {
  const total = new Uint32Array(BUCKETS);
  for (const part of parts) part.forEach((n, i) => (total[i] = (total[i] ?? 0) + n));
  return total;
}

/** The latency (ms, bucket upper edge) below which `q` of the samples fall. */
export function quantile(buckets: Uint32Array, q: number): number {
  const total = buckets.reduce((a, b) => a + b, 0);
  const rank = Math.ceil(total * q);
  let seen = 0;
  for (let i = 0; i < buckets.length; i++) {
    seen += buckets[i] ?? 0;
    if (seen >= rank) return (i + 1) * BUCKET_MS;
  }
  return Number.POSITIVE_INFINITY;
}

export function count(buckets: Uint32Array): number {
  return buckets.reduce((a, b) => a + b, 0);
}
