import type { ReactNode } from 'react';
import { Avatar } from '~/components/ui/Avatar.tsx';
import type { AuthorInfo } from '../author-state.ts';
import { authorMessages as t } from '../messages.ts';
import styles from './AuthorPage.module.css';

interface AuthorHeaderProps {
  user: AuthorInfo;
  /** The followers count as the follow button keeps it. */
  fans: number;
  /** The follow button (public view); nothing on the author's own page. */
  action: ReactNode;
}

/** The certification's title, when the stored one names it. */
function certificationOf(info: Record<string, unknown> | null): string | null {
  if (!info) return null;
  const title = info.auth_info ?? info.title;
  return typeof title === 'string' && title ? title : t.certified;
}

/** The head of an author's page: avatar, name, certification, description and counts. */
export function AuthorHeader({ user, fans, action }: AuthorHeaderProps) {
  const certification = certificationOf(user.user_auth_info);
  return (
    <header className={styles.header} data-testid="author-header">
      <Avatar name={user.name} url={user.avatar} size={88} />
      <div className={styles.identity}>
        <h1 className={styles.name}>
          {user.name}
          {certification && <span className={styles.certified}>{certification}</span>}
        </h1>
        <p className={styles.description}>{user.description || t.noDescription}</p>
        <p className={styles.counts}>
          <span data-testid="author-fans">{t.fans(fans)}</span>
          <span>{t.following(user.followingCount)}</span>
        </p>
        {user.isSelf && <p className={styles.profileNote}>{t.profileNote}</p>}
      </div>
      <div className={styles.action}>{action}</div>
    </header>
  );
}
