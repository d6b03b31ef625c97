import { useEffect, useSyncExternalStore } from 'react';
import type { FollowStore } from '../follow-store.ts';
import { followMessages as t } from '../messages.ts';
import styles from './FollowChip.module.css';

/**
 * The small follow button of a card's author line: shown once the viewer's state is known
 * (never for the viewer's own cards), so a followed author never flashes 关注.
 */
export function FollowChip({
  store,
  userId,
  name,
}: {
  store: FollowStore;
  userId: string;
  name: string;
}) {
  const following = useSyncExternalStore(
    store.subscribe,
    () => store.get(userId),
    () => undefined,
  );
  const pending = useSyncExternalStore(
    store.subscribe,
    () => store.isPending(userId),
    () => false,
  );
  useEffect(() => {
    store.want(userId);
  }, [store, userId]);
  if (following === undefined || store.viewerId() === userId) return null;
  return (
    <button
      type="button"
      className={following ? styles.following : styles.follow}
      aria-pressed={following}
      data-testid="card-follow-button"
      disabled={pending}
      onClick={() => {
        store.toggle(userId);
      }}
    >
      {following ? t.following : `+ ${t.follow}`}
      <span className="visually-hidden">{name}</span>
    </button>
  );
}
