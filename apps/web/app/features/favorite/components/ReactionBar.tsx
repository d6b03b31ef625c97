import { formatCount } from '@melon/shared/format/count';
import type { ReactionControl } from '../hooks/use-reaction.ts';
import { favoriteMessages as t } from '../messages.ts';
import styles from './ReactionBar.module.css';

/** A thumb (like) and a star (favourite), filled when the viewer has reacted. */
const ICONS = {
  like: 'M2 10h4v11H2zm6 11h9.3a2 2 0 0 0 2-1.6l1.6-7.4A2 2 0 0 0 19 9.6h-5.3l.8-4.1a1.6 1.6 0 0 0-2.8-1.3L8 9z',
  favorite: 'M12 2.8l2.8 5.8 6.4.9-4.6 4.5 1.1 6.3L12 17.3l-5.7 3 1.1-6.3-4.6-4.5 6.4-.9z',
} as const;

interface ReactionButtonProps {
  kind: keyof typeof ICONS;
  control: ReactionControl;
  label: string;
  activeLabel: string;
  /** The accessible name with the count. */
  name: (count: string) => string;
}

function ReactionButton({ kind, control, label, activeLabel, name }: ReactionButtonProps) {
  const count = formatCount(control.count);
  return (
    <button
      type="button"
      className={styles.button}
      aria-pressed={control.active}
      aria-label={name(count)}
      title={control.active ? activeLabel : label}
      data-testid={`${kind}-button`}
      disabled={control.pending}
      onClick={control.toggle}
    >
      <svg className={styles.icon} viewBox="0 0 24 24" aria-hidden="true">
        <path d={ICONS[kind]} />
      </svg>
      <span className={styles.count}>{control.count > 0 ? count : label}</span>
    </button>
  );
}

/** The video page's like and favourite buttons with their counts (万 format). */
export function ReactionBar({
  like,
  favorite,
}: {
  like: ReactionControl;
  favorite: ReactionControl;
}) {
  return (
    <div className={styles.bar} role="group" aria-label={t.actions}>
      <ReactionButton
        kind="like"
        control={like}
        label={t.like}
        activeLabel={t.liked}
        name={t.likeLabel}
      />
      <ReactionButton
        kind="favorite"
        control={favorite}
        label={t.favorite}
        activeLabel={t.favorited}
        name={t.favoriteLabel}
      />
    </div>
  );
}
