import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import {
  addToPlay,
  clearToPlay,
  getToPlayCards,
  getToPlayList,
  mergeToPlay,
  removeToPlay,
} from '@melon/shared/calls/to-play.calls';
import { ApiError } from '@melon/shared/client/errors';
import {
  TO_PLAY_MAX_ENTRIES,
  type ToPlayEntry,
  type ToPlayList,
} from '@melon/shared/contracts/to-play';
import { browserClient } from '~/lib/browser-client.ts';
import { saveLocalBasket, useLocalBasket } from '../hooks/use-local-basket.ts';
import {
  addLocal,
  BASKET_CHANGED_KEY,
  mergeLocalBasket,
  readLocalBasket,
  removeLocal,
} from '../local-basket.ts';
import { toPlayMessages as t } from '../messages.ts';
import { ToPlayContext, type ToPlayApi } from '../to-play-context.ts';

interface ToPlayProviderProps {
  /** The signed-in user, or null for a visitor (whose basket stays in this browser). */
  userId: string | null;
  notify: (message: string) => void;
  children: ReactNode;
}

const messageOf = (error: unknown) =>
  error instanceof ApiError && error.message ? error.message : t.failed;

/** Tells the browser's other tabs that the signed-in basket changed. */
function announceChange() {
  try {
    localStorage.setItem(BASKET_CHANGED_KEY, String(Date.now()));
  } catch {
    // Storage off: the other tabs see the change on their next page.
  }
}

/**
 * The basket 待播 for the whole page (decision 051). A visitor's ids live in local storage
 * (the tabs follow each other through the storage event) and their entries come from the
 * `cards` call; a signed-in user's basket is the server's, and on sign-in (in this tab or,
 * through the login sync's reload, in another) the local one is merged into it first.
 */
export function ToPlayProvider({ userId, notify, children }: ToPlayProviderProps) {
  const localIds = useLocalBasket();
  // The server's basket, of the user it was read for.
  const [server, setServer] = useState<{ userId: string; list: ToPlayEntry[] } | null>(null);
  // The entries of a visitor's ids, as last fetched.
  const [cards, setCards] = useState<ToPlayEntry[] | null>(null);
  const notifyRef = useRef(notify);
  useEffect(() => {
    notifyRef.current = notify;
  });

  // A signed-in user: merge what this browser kept, else read the server's basket; again
  // when another tab changes it.
  useEffect(() => {
    if (userId === null) return undefined;
    let live = true;
    const load = async () => {
      const client = browserClient();
      const merged = await mergeLocalBasket(localStorage, (group_ids) =>
        client.call(mergeToPlay, { group_ids }),
      );
      if (merged) {
        saveLocalBasket(readLocalBasket(localStorage));
        if (merged.skipped > 0) notifyRef.current(t.mergeSkipped(merged.skipped));
        announceChange();
      }
      const list = merged ?? (await client.call(getToPlayList));
      if (live) setServer({ userId, list: list.list });
    };
    const reload = () => {
      load().catch(() => undefined);
    };
    reload();
    const onStorage = (event: StorageEvent) => {
      if (event.key === BASKET_CHANGED_KEY) reload();
    };
    window.addEventListener('storage', onStorage);
    return () => {
      live = false;
      window.removeEventListener('storage', onStorage);
    };
  }, [userId]);

  // A visitor's entries follow their ids.
  const visitorKey = userId === null && localIds ? localIds.join(',') : '';
  useEffect(() => {
    if (visitorKey === '') return undefined;
    let live = true;
    browserClient()
      .call(getToPlayCards, { group_ids: visitorKey })
      .then(
        (list) => {
          if (live) setCards(list.list);
        },
        () => undefined,
      );
    return () => {
      live = false;
    };
  }, [visitorKey]);

  const { ids, entries } = useMemo(() => {
    if (userId !== null) {
      const list = server?.userId === userId ? server.list : null;
      return { ids: list?.map((entry) => entry.group_id) ?? null, entries: list };
    }
    if (localIds === null || (localIds.length > 0 && cards === null)) {
      return { ids: localIds, entries: null };
    }
    // While new cards load, the ones fetched before stand for the ids still there.
    const kept = new Set(localIds);
    return { ids: localIds, entries: (cards ?? []).filter((entry) => kept.has(entry.group_id)) };
  }, [userId, server, localIds, cards]);

  const changeLocal = useCallback(
    (change: (ids: readonly string[]) => readonly string[] | 'full') => {
      const next = change(readLocalBasket(localStorage));
      if (next === 'full') {
        notifyRef.current(t.full(TO_PLAY_MAX_ENTRIES));
        return false;
      }
      if (!saveLocalBasket(next)) {
        notifyRef.current(t.failed);
        return false;
      }
      return true;
    },
    [],
  );

  const changeServer = useCallback(
    async (request: () => Promise<ToPlayList>) => {
      if (userId === null) return false;
      try {
        const list = await request();
        setServer({ userId, list: list.list });
        announceChange();
        return true;
      } catch (error) {
        notifyRef.current(messageOf(error));
        return false;
      }
    },
    [userId],
  );

  const api = useMemo<ToPlayApi>(() => {
    const signedIn = userId !== null;
    const finish = (done: boolean, message: string) => {
      if (done) notifyRef.current(message);
    };
    return {
      ids,
      entries,
      has: (groupId) => ids?.includes(groupId) ?? false,
      add: async (groupId) => {
        finish(
          signedIn
            ? await changeServer(() => browserClient().call(addToPlay, { group_id: groupId }))
            : changeLocal((kept) => addLocal(kept, groupId)),
          t.addedToast,
        );
      },
      remove: async (groupId) => {
        finish(
          signedIn
            ? await changeServer(() => browserClient().call(removeToPlay, { group_id: groupId }))
            : changeLocal((kept) => removeLocal(kept, groupId)),
          t.removedToast,
        );
      },
      clear: async () => {
        finish(
          signedIn
            ? await changeServer(() => browserClient().call(clearToPlay, {}))
            : changeLocal(() => []),
          t.clearedToast,
        );
      },
    };
  }, [userId, ids, entries, changeLocal, changeServer]);

  return <ToPlayContext.Provider value={api}>{children}</ToPlayContext.Provider>;
}
