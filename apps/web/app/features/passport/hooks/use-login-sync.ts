import { useCallback, useEffect, useRef } from 'react';
import { useMatches, useRevalidator } from 'react-router';
import {
  decodeSyncMessage,
  encodeSyncMessage,
  LOGIN_SYNC_DELAY_MS,
  LOGIN_SYNC_KEY,
  syncReaction,
} from '~/features/passport/login-sync.ts';

/** The page type of the current page: its deepest route. */
function usePageType(): string {
  const matches = useMatches();
  return matches.at(-1)?.id ?? 'root';
}

/**
 * Keeps the tabs of this browser in step (SPEC §4): answers the other tabs' sign-ins and
 * sign-outs, and returns the function that tells them about this tab's.
 */
export function useLoginSync(): (event: 'login' | 'logout') => void {
  const pageType = usePageType();
  const revalidator = useRevalidator();
  const latest = useRef({ pageType, revalidator });
  useEffect(() => {
    latest.current = { pageType, revalidator };
  });

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onStorage = (event: StorageEvent) => {
      if (event.key !== LOGIN_SYNC_KEY) return;
      const message = decodeSyncMessage(event.newValue);
      if (!message) return;
      clearTimeout(timer);
      timer = setTimeout(() => {
        const reaction = syncReaction(message, latest.current.pageType);
        if (reaction === 'reload') window.location.reload();
        else if (reaction === 'replace') window.location.replace(window.location.href);
        else void latest.current.revalidator.revalidate();
      }, LOGIN_SYNC_DELAY_MS);
    };
    window.addEventListener('storage', onStorage);
    return () => {
      clearTimeout(timer);
      window.removeEventListener('storage', onStorage);
    };
  }, []);

  return useCallback((event: 'login' | 'logout') => {
    try {
      localStorage.setItem(
        LOGIN_SYNC_KEY,
        encodeSyncMessage({ event, pageType: latest.current.pageType, at: Date.now() }),
      );
    } catch {
      // Storage can be off (private mode, quota): the other tabs simply stay as they are.
    }
  }, []);
}
