import { getFollowRelation } from '@melon/shared/calls/follow.calls';
import { FOLLOW_RELATION_MAX_IDS } from '@melon/shared/contracts/follow';
import { browserClient } from '~/lib/browser-client.ts';
import type { FollowDeps } from './follow-deps.ts';
import { sendFollow } from './send-follow.ts';

/**
 * Whom the viewer follows among the authors of a page of cards, shared by every card: the feed
 * pages are the same for everyone, so each author's state is asked apart, in batches, once, and
 * following from one card updates every card of that author.
 */
export interface FollowStore {
  /** true / false once known; undefined while it is being asked. */
  get: (userId: string) => boolean | undefined;
  isPending: (userId: string) => boolean;
  subscribe: (listener: () => void) => () => void;
  /** Asks for the author's state, with the other authors asked in the same moment. */
  want: (userId: string) => void;
  /** Follows or unfollows the author, optimistically (SPEC §6 guard, source follow). */
  toggle: (userId: string) => void;
  viewerId: string | null;
}

export function createFollowStore(deps: FollowDeps): FollowStore {
  const known = new Map<string, boolean>();
  const pending = new Set<string>();
  const asked = new Set<string>();
  const listeners = new Set<() => void>();
  let queue: string[] = [];

  const changed = () => {
    for (const listener of listeners) listener();
  };

  const set = (userId: string, following: boolean) => {
    known.set(userId, following);
    changed();
  };

  async function flush() {
    const ids = queue;
    queue = [];
    for (let start = 0; start < ids.length; start += FOLLOW_RELATION_MAX_IDS) {
      const batch = ids.slice(start, start + FOLLOW_RELATION_MAX_IDS);
      // A failed look-up leaves the buttons at 关注: a follow then is still right (it is idempotent).
      const followed = await browserClient()
        .call(getFollowRelation, { user_ids: batch.join(',') })
        .then((answer) => new Set(answer.followed))
        .catch(() => new Set<string>());
      for (const id of batch) known.set(id, followed.has(id));
    }
    changed();
  }

  return {
    viewerId: deps.viewerId,
    get: (userId) => known.get(userId),
    isPending: (userId) => pending.has(userId),
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    want(userId) {
      if (asked.has(userId)) return;
      asked.add(userId);
      if (deps.viewerId === null) {
        set(userId, false);
        return;
      }
      queue.push(userId);
      if (queue.length === 1) queueMicrotask(() => void flush());
    },
    toggle(userId) {
      deps.guard('follow', async () => {
        const before = known.get(userId) ?? false;
        pending.add(userId);
        set(userId, !before);
        const answer = await sendFollow(userId, !before, deps.notify);
        pending.delete(userId);
        set(userId, answer ? answer.follow : before);
      });
    },
  };
}
