import { useCallback, useEffect, useRef, useState } from 'react';
import { checkQrconnect, getQrcode } from '@melon/shared/calls/passport.calls';
import { ApiError } from '@melon/shared/client/errors';
import type { QrCode, QrStatus } from '@melon/shared/contracts/passport';
import { browserClient } from '~/lib/browser-client.ts';

/** SPEC §4: the browser asks about the code every 2 s. */
export const QR_POLL_INTERVAL_MS = 2000;

export type QrLoginState =
  { phase: 'loading' } | { phase: 'failed' } | { phase: 'shown'; qr: QrCode; status: QrStatus };

/**
 * Scan-code login on the browser side: fetches a code, then polls its state every 2 s while
 * `active` (the agreement box ticked) until it is confirmed (this browser is then signed in) or
 * expired. `refresh` gets a new code.
 */
export function useQrLogin(
  active: boolean,
  onConfirmed: () => void,
): { state: QrLoginState; refresh: () => void } {
  const [state, setState] = useState<QrLoginState>({ phase: 'loading' });
  const [generation, setGeneration] = useState(0);
  const confirmed = useRef(onConfirmed);
  useEffect(() => {
    confirmed.current = onConfirmed;
  });

  useEffect(() => {
    let cancelled = false;
    browserClient()
      .call(getQrcode)
      .then((qr) => {
        if (!cancelled) setState({ phase: 'shown', qr, status: 'new' });
      })
      .catch(() => {
        if (!cancelled) setState({ phase: 'failed' });
      });
    return () => {
      cancelled = true;
    };
  }, [generation]);

  const shown = state.phase === 'shown' ? state.qr : null;
  const status = state.phase === 'shown' ? state.status : null;
  const polling = active && shown !== null && (status === 'new' || status === 'scanned');

  // The code dies on its own after expire_in seconds, polled or not.
  useEffect(() => {
    if (!shown) return;
    const timer = setTimeout(() => {
      setState((current) =>
        current.phase === 'shown' && current.qr === shown && current.status !== 'confirmed'
          ? { ...current, status: 'expired' }
          : current,
      );
    }, shown.expire_in * 1000);
    return () => {
      clearTimeout(timer);
    };
  }, [shown]);

  useEffect(() => {
    if (!polling) return;
    let stopped = false;
    let inFlight = false;
    const poll = async () => {
      if (inFlight) return;
      inFlight = true;
      try {
        const check = await browserClient().call(checkQrconnect, { token: shown.token });
        if (stopped) return;
        setState((current) =>
          current.phase === 'shown' && current.qr === shown
            ? { ...current, status: check.status }
            : current,
        );
        if (check.status === 'confirmed') confirmed.current();
      } catch (error) {
        // An unknown token is as good as expired; other failures just wait for the next tick.
        if (!stopped && error instanceof ApiError && error.status === 404) {
          setState((current) =>
            current.phase === 'shown' && current.qr === shown
              ? { ...current, status: 'expired' }
              : current,
          );
        }
      } finally {
        inFlight = false;
      }
    };
    const timer = setInterval(() => void poll(), QR_POLL_INTERVAL_MS);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, [polling, shown]);

  const refresh = useCallback(() => {
    setState({ phase: 'loading' });
    setGeneration((value) => value + 1);
  }, []);

  return { state, refresh };
}
