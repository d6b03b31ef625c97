import { useCallback, useEffect, useState } from 'react';
import { addShieldWord, deleteShieldWord, getShieldWords } from '@melon/shared/calls/danmaku.calls';
import { DANMAKU_CALL_PARAMS, type ShieldWord } from '@melon/shared/contracts/danmaku';
import { browserClient } from '~/lib/browser-client.ts';
import type { DanmakuGuard } from '../danmaku-guard.ts';
import { danmakuErrorMessage } from '../error-message.ts';
import { danmakuMessages as t } from '../messages.ts';

const noWords: readonly ShieldWord[] = [];

export interface ShieldWordsApi {
  words: readonly ShieldWord[];
  /** Answers an error to show, or null when added (or when it needs sign-in first). */
  add: (text: string) => Promise<string | null>;
  remove: (id: string) => Promise<string | null>;
}

/** The signed-in viewer's shield words, kept by the server; a visitor is asked to sign in. */
export function useShieldWords(viewerId: string | null, guard: DanmakuGuard): ShieldWordsApi {
  // Kept with the viewer they belong to, so another viewer never sees them.
  const [state, setState] = useState<{ owner: string | null; words: readonly ShieldWord[] }>({
    owner: null,
    words: [],
  });
  const words = state.owner === viewerId && viewerId !== null ? state.words : noWords;
  const setWords = useCallback(
    (change: (list: readonly ShieldWord[]) => readonly ShieldWord[]) => {
      setState((current) => ({
        owner: viewerId,
        words: change(current.owner === viewerId ? current.words : noWords),
      }));
    },
    [viewerId],
  );

  useEffect(() => {
    if (!viewerId) return undefined;
    let live = true;
    browserClient()
      .call(getShieldWords, DANMAKU_CALL_PARAMS)
      .then(
        ({ words: list }) => {
          if (live) setWords(() => list);
        },
        (error: unknown) => {
          console.warn('melon danmaku: shield words failed', error);
        },
      );
    return () => {
      live = false;
    };
  }, [viewerId, setWords]);

  const add = useCallback(
    async (text: string): Promise<string | null> => {
      if (!viewerId) {
        guard('danmaku_shield', () => undefined);
        return null;
      }
      try {
        const { word } = await browserClient().call(addShieldWord, {
          ...DANMAKU_CALL_PARAMS,
          text,
        });
        setWords((list) => (list.some((w) => w.id === word.id) ? list : [...list, word]));
        return null;
      } catch (error) {
        return danmakuErrorMessage(error, t.menu.failed);
      }
    },
    [viewerId, guard, setWords],
  );

  const remove = useCallback(
    async (id: string): Promise<string | null> => {
      try {
        await browserClient().call(deleteShieldWord, { ...DANMAKU_CALL_PARAMS, id });
        setWords((list) => list.filter((w) => w.id !== id));
        return null;
      } catch (error) {
        return danmakuErrorMessage(error, t.menu.failed);
      }
    },
    [setWords],
  );

  return { words, add, remove };
}
