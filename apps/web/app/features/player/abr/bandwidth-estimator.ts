/** Samples smaller than this say more about latency than bandwidth; they are ignored. */
const MIN_SAMPLE_BYTES = 16_000;
/** Until this much has been measured the estimate is the default. */
const MIN_TOTAL_BYTES = 128_000;
const FAST_HALF_LIFE_S = 2;
const SLOW_HALF_LIFE_S = 5;
/** Recent samples whose harmonic mean also bounds the estimate. */
const RECENT_SAMPLES = 3;

/** An exponentially weighted moving average whose weight halves every `halfLife` seconds. */
class Ewma {
  private estimate = 0;
  private totalWeight = 0;
  private readonly alpha: number;

  constructor(halfLife: number) {
    this.alpha = Math.exp(Math.log(0.5) / halfLife);
  }

  sample(weight: number, value: number): void {
    const adjusted = Math.pow(this.alpha, weight);
    this.estimate = value * (1 - adjusted) + adjusted * this.estimate;
    this.totalWeight += weight;
  }

  value(): number {
    // Without the correction the average leans towards its starting 0.
    return this.estimate / (1 - Math.pow(this.alpha, this.totalWeight));
  }
}

/**
 * Bandwidth from segment downloads: a fast and a slow average, each sample weighted by its
 * download time, and the harmonic mean of the last three samples; the lowest of the three wins,
 * so the estimate falls within a segment or two (even after a burst of very fast local
 * downloads, which the averages take many half-lives to forget) and rises slowly.
 */
export class BandwidthEstimator {
  private fast = new Ewma(FAST_HALF_LIFE_S);
  private slow = new Ewma(SLOW_HALF_LIFE_S);
  private bytes = 0;
  private recent: number[] = [];

  private readonly defaultEstimate: number;

  constructor(defaultEstimate: number) {
    this.defaultEstimate = defaultEstimate;
  }

  sample(durationMs: number, bytes: number): void {
    if (bytes < MIN_SAMPLE_BYTES) return;
    const seconds = Math.max(durationMs, 8) / 1000;
    const bitsPerSecond = (8 * bytes) / seconds;
    this.fast.sample(seconds, bitsPerSecond);
    this.slow.sample(seconds, bitsPerSecond);
    this.recent = [...this.recent, bitsPerSecond].slice(-RECENT_SAMPLES);
    this.bytes += bytes;
  }

  estimate(): number {
    if (this.bytes < MIN_TOTAL_BYTES) return this.defaultEstimate;
    const harmonic = this.recent.length / this.recent.reduce((sum, bps) => sum + 1 / bps, 0);
    return Math.min(this.fast.value(), this.slow.value(), harmonic);
  }

  hasGoodEstimate(): boolean {
    return this.bytes >= MIN_TOTAL_BYTES;
  }
}
