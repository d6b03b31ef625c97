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
  viewerId: () => string | null;
  /**
   * The page's newer guard, toast and viewer. When someone else is signed in now (a visitor
   * who just signed in), what was known is dropped and every author asked for again.
   */
  update: (next: FollowDeps) => void;
}

export function createFollowStore(initial: FollowDeps): FollowStore {
  let deps = initial;
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

  /** Bumped by every follow or unfollow here: a look-up begun before one does not undo it. */
  const changes = new Map<string, number>();
  const changesOf = (userId: string) => changes.get(userId) ?? 0;

  async function flush() {
    const ids = queue;
    queue = [];
    const viewer = deps.viewerId;
    for (let start = 0; start < ids.length; start += FOLLOW_RELATION_MAX_IDS) {
      const batch = ids.slice(start, start + FOLLOW_RELATION_MAX_IDS);
      const before = batch.map(changesOf);
      // A failed look-up leaves the buttons at 关注: a follow then is still right (it is idempotent).
      const followed = await browserClient()
        .call(getFollowRelation, { user_ids: batch.join(',') })
        .then((answer) => new Set(answer.followed))
        .catch(() => new Set<string>());
      if (deps.viewerId !== viewer) return;
      batch.forEach((id, index) => {
        if (changesOf(id) === before[index]) known.set(id, followed.has(id));
      });
    }
    changed();
  }

  function want(userId: string) {
    if (asked.has(userId)) return;
    asked.add(userId);
    if (deps.viewerId === null) {
      set(userId, false);
      return;
    }
    queue.push(userId);
    if (queue.length === 1) queueMicrotask(() => void flush());
  }

  return {
    viewerId: () => deps.viewerId,
    get: (userId) => known.get(userId),
    isPending: (userId) => pending.has(userId),
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    want,
    toggle(userId) {
      deps.guard('follow', async () => {
        const before = known.get(userId) ?? false;
        changes.set(userId, changesOf(userId) + 1);
        pending.add(userId);
        set(userId, !before);
        const answer = await sendFollow(userId, !before, deps.notify);
        pending.delete(userId);
        set(userId, answer ? answer.follow : before);
      });
    },
    update(next) {
      const viewerChanged = next.viewerId !== deps.viewerId;
      deps = next;
      if (!viewerChanged) return;
      const onScreen = [...asked];
      known.clear();
      asked.clear();
      for (const userId of onScreen) want(userId);
      changed();
    },
  };
}
