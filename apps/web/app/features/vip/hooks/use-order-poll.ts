import { useEffect, useRef, useState } from 'react';
import { getOrderStatus } from '@melon/shared/calls/pay.calls';
import { ApiError } from '@melon/shared/client/errors';
import type { OrderStatus } from '@melon/shared/contracts/pay';
import { browserClient } from '~/lib/browser-client.ts';
import { vipMessages as t } from '~/features/vip/messages.ts';
import { nextPollStep, ORDER_POLL_INTERVAL_MS } from '~/features/vip/order-poll.ts';

export type OrderPoll =
  | { phase: 'waiting' }
  | { phase: 'settled'; status: OrderStatus }
  | { phase: 'slow' }
  | { phase: 'failed'; message: string };

/**
 * The order the cashier sent the buyer back with, asked for every 1.5 s until it settles
 * (granted, expired, refunded) or the tries run out. Starts from the server-rendered state;
 * a network failure counts as a try, a refusal of the server's ends the wait with its message.
 * `onSettled` runs when a wait ends with the order settled (the page then reloads its data).
 */
export function useOrderPoll(
  orderId: string,
  initial: OrderStatus,
  onSettled: () => void,
): OrderPoll {
  const [poll, setPoll] = useState<OrderPoll>(() =>
    nextPollStep(initial.state, 0) === 'settled'
      ? { phase: 'settled', status: initial }
      : { phase: 'waiting' },
  );
  const waiting = poll.phase === 'waiting';
  const settledRef = useRef(onSettled);
  useEffect(() => {
    settledRef.current = onSettled;
  });

  useEffect(() => {
    if (!waiting) return;
    let tries = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const ask = async () => {
      tries += 1;
      try {
        const status = await browserClient().call(getOrderStatus, { order_id: orderId });
        if (stopped) return;
        const step = nextPollStep(status.state, tries);
        if (step === 'settled') {
          setPoll({ phase: 'settled', status });
          settledRef.current();
        } else if (step === 'slow') setPoll({ phase: 'slow' });
        else timer = setTimeout(() => void ask(), ORDER_POLL_INTERVAL_MS);
      } catch (error) {
        if (stopped) return;
        if (error instanceof ApiError) {
          setPoll({ phase: 'failed', message: error.message || t.order.failed });
        } else if (nextPollStep('created', tries) === 'slow') {
          setPoll({ phase: 'slow' });
        } else {
          timer = setTimeout(() => void ask(), ORDER_POLL_INTERVAL_MS);
        }
      }
    };
    timer = setTimeout(() => void ask(), ORDER_POLL_INTERVAL_MS);
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [orderId, waiting]);

  return poll;
}
