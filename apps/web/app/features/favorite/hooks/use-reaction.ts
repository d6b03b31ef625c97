import { useState } from 'react';
import { ApiError } from '@melon/shared/client/errors';
import type { ReactionDeps } from '../reaction-deps.ts';
import { toggled, type ReactionSnapshot } from '../reaction-state.ts';
import { favoriteMessages as t } from '../messages.ts';

export interface ReactionControl extends ReactionSnapshot {
  pending: boolean;
  /** Reacts or takes it back: the login prompt first for a visitor (SPEC §6). */
  toggle: () => void;
}

export interface ReactionOptions {
  source: 'like' | 'favorite';
  /** Sends the change; answers the server's state after it. */
  send: (active: boolean) => Promise<ReactionSnapshot>;
  /** The toast after a change, if any. */
  done?: (active: boolean) => string | undefined;
}

/**
 * One reaction to an item, optimistically: the button and its count change at once and go back,
 * with a toast, if the server refuses. A new snapshot from the page's data starts over.
 */
export function useReaction(
  snapshot: ReactionSnapshot,
  { source, send, done }: ReactionOptions,
  { guard, notify }: ReactionDeps,
): ReactionControl {
  const [shown, setShown] = useState(snapshot);
  const [state, setState] = useState(snapshot);
  const [pending, setPending] = useState(false);

  if (shown.active !== snapshot.active || shown.count !== snapshot.count) {
    setShown(snapshot);
    setState(snapshot);
  }

  const toggle = () => {
    guard(source, async () => {
      const before = state;
      const next = toggled(before);
      setState(next);
      setPending(true);
      try {
        const answer = await send(next.active);
        setState(answer);
        const message = done?.(answer.active);
        if (message) notify(message);
      } catch (error) {
        setState(before);
        notify(error instanceof ApiError && error.message ? error.message : t.failed);
      } finally {
        setPending(false);
      }
    });
  };

  return { ...state, pending, toggle };
}
