import type { OrderState } from '@melon/shared/contracts/pay';

/** How often the return page asks for the order's state, and how many times at most (≈ 90 s). */
export const ORDER_POLL_INTERVAL_MS = 1500;
export const ORDER_POLL_MAX_TRIES = 60;

/** An order in one of these states changes no more by waiting. */
const SETTLED: ReadonlySet<OrderState> = new Set(['granted', 'expired', 'refunded']);

/** After a state read on the `tries`-th ask: stop (settled), ask again, or give up waiting. */
export function nextPollStep(state: OrderState, tries: number): 'settled' | 'again' | 'slow' {
  if (SETTLED.has(state)) return 'settled';
  return tries >= ORDER_POLL_MAX_TRIES ? 'slow' : 'again';
}
