import { useState } from 'react';
import type { FollowDeps } from '../follow-deps.ts';
import { sendFollow } from '../send-follow.ts';

export interface FollowSnapshot {
  following: boolean;
  /** The author's followers count. */
  fans: number;
}

export interface FollowControl extends FollowSnapshot {
  /** Whether the signed-in viewer is this author (no button then). */
  self: boolean;
  pending: boolean;
  /** Follows or unfollows: the login prompt first for a visitor (SPEC §6, source follow). */
  toggle: () => void;
}

/**
 * Following one author, optimistically: the button and the count change at once and go back,
 * with a toast, if the server refuses. A new snapshot from the page's data starts over.
 */
export function useFollow(
  userId: string,
  snapshot: FollowSnapshot,
  { guard, notify, viewerId }: FollowDeps,
): FollowControl {
  const [shown, setShown] = useState(snapshot);
  const [state, setState] = useState(snapshot);
  const [pending, setPending] = useState(false);

  if (shown.following !== snapshot.following || shown.fans !== snapshot.fans) {
    setShown(snapshot);
    setState(snapshot);
  }

  const toggle = () => {
    guard('follow', async () => {
      const before = state;
      const following = !before.following;
      setState({ following, fans: Math.max(0, before.fans + (following ? 1 : -1)) });
      setPending(true);
      const answer = await sendFollow(userId, following, notify);
      setState(answer ? { following: answer.follow, fans: answer.fansNum } : before);
      setPending(false);
    });
  };

  return { ...state, self: viewerId === userId, pending, toggle };
}
