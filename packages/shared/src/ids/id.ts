/**
 * Time-ordered 64-bit ids written as 19-digit decimal strings (DESIGN §4):
 *
 *   id = 10^18 + (ms since 2024-01-01 UTC << 22 | sequence << 10 | worker)
 *
 * The 10^18 offset keeps every id at exactly 19 digits with no leading 0, and 2^63 − 10^18 leaves
 * room for 2^41.9 ms after the epoch, about 62 years (until 2086), so ids stay signed 64-bit.
 */
const EPOCH_MS = Date.UTC(2024, 0, 1);
const OFFSET = 10n ** 18n;
const SEQUENCE_BITS = 12;
const WORKER_BITS = 10;
const MAX_SEQUENCE = (1 << SEQUENCE_BITS) - 1;
const MAX_WORKER = (1 << WORKER_BITS) - 1;
const TIME_SHIFT = BigInt(SEQUENCE_BITS + WORKER_BITS);
const MAX_ELAPSED = Number(((1n << 63n) - 1n - OFFSET) >> TIME_SHIFT);

export interface IdGeneratorOptions {
  /** 0 to 1023; processes that write to the same tables need distinct ones. Default 0. */
  workerId?: number;
  /** Epoch milliseconds; defaults to Date.now. */
  now?: () => number;
}

export function createIdGenerator(options: IdGeneratorOptions = {}): () => string {
  const { workerId = 0, now = Date.now } = options;
  if (!Number.isInteger(workerId) || workerId < 0 || workerId > MAX_WORKER) {
    throw new RangeError(`workerId must be an integer from 0 to ${MAX_WORKER}, got ${workerId}`);
  }
  let last = -1;
  let sequence = 0;

  return () => {
    const elapsed = Math.max(Math.floor(now() - EPOCH_MS), 0);
    if (elapsed > last) {
      last = elapsed;
      sequence = 0;
    } else if (sequence < MAX_SEQUENCE) {
      // Same millisecond, or the clock stepped back: keep counting from the last time used.
      sequence += 1;
    } else {
      // The millisecond is used up: borrow the next one rather than wait; the clock catches up.
      last += 1;
      sequence = 0;
    }
    if (last > MAX_ELAPSED) throw new RangeError('id time range exhausted');
    const low = (sequence << WORKER_BITS) | workerId;
    return (OFFSET + ((BigInt(last) << TIME_SHIFT) | BigInt(low))).toString();
  };
}
