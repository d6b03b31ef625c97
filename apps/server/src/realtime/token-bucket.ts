/**
 * A token bucket: holds up to `capacity` tokens, refilled at `perSecond`; an action takes its
 * cost or is refused. A burst up to the capacity passes, a steady flood is held to the rate.
 */
export class TokenBucket {
  readonly #capacity: number;
  readonly #perMs: number;
  readonly #now: () => number;
  #tokens: number;
  #at: number;

  constructor(capacity: number, perSecond: number, now: () => number = () => performance.now()) {
    this.#capacity = capacity;
    this.#perMs = perSecond / 1000;
    this.#now = now;
    this.#tokens = capacity;
    this.#at = now();
  }

  /** Takes `cost` tokens if there are that many; false (and nothing taken) otherwise. */
  take(cost: number): boolean {
    const now = this.#now();
    this.#tokens = Math.min(this.#capacity, this.#tokens + (now - this.#at) * this.#perMs);
    this.#at = now;
    if (this.#tokens < cost) return false;
    this.#tokens -= cost;
    return true;
  }
}
