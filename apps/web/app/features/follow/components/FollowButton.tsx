import type { FollowControl } from '../hooks/use-follow.ts';
import { followMessages as t } from '../messages.ts';
import styles from './FollowButton.module.css';

/** 关注 / 已关注 (取消关注 on hover); nothing on the viewer's own author line. */
export function FollowButton({ control, name }: { control: FollowControl; name: string }) {
  if (control.self) return null;
  return (
    <button
      type="button"
      className={control.following ? styles.following : styles.follow}
      aria-pressed={control.following}
      data-testid="follow-button"
      disabled={control.pending}
      onClick={control.toggle}
    >
      <span className={styles.label}>{control.following ? t.following : `+ ${t.follow}`}</span>
      {control.following && <span className={styles.hoverLabel}>{t.unfollow}</span>}
      <span className="visually-hidden">{name}</span>
    </button>
  );
}
