import { describe, expect, it } from 'vitest';
import { nextPollStep, ORDER_POLL_MAX_TRIES } from './order-poll.ts';

describe('polling an order on the return page', () => {
  it('stops at a settled state', () => {
    expect(nextPollStep('granted', 1)).toBe('settled');
    expect(nextPollStep('expired', 3)).toBe('settled');
    expect(nextPollStep('refunded', 3)).toBe('settled');
  });

  it('asks again while created or paid, and gives up after the last try', () => {
    expect(nextPollStep('created', 1)).toBe('again');
    expect(nextPollStep('paid', ORDER_POLL_MAX_TRIES - 1)).toBe('again');
    expect(nextPollStep('created', ORDER_POLL_MAX_TRIES)).toBe('slow');
  });
});
