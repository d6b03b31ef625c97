import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { VideoAuthor } from '@melon/shared/contracts/video';
import { formatCount } from '@melon/shared/format/count';
import { isUserId } from '@melon/shared/ids/id-rules';
import { Avatar } from '~/components/ui/Avatar.tsx';
import { videoPageMessages as t } from '../messages.ts';
import styles from './VideoPage.module.css';

interface AuthorCardProps {
  author: VideoAuthor;
  /** The followers count to show: the author's, or the page's newer one after a follow. */
  fans?: number;
  /** At the card's end: the follow button, composed by the page. */
  action?: ReactNode;
}

/** The author: avatar, name, introduction, followers and videos; links to the author page. */
export function AuthorCard({ author, fans = author.followers_count, action }: AuthorCardProps) {
  const href = isUserId(author.user_id) ? `/home/${author.user_id}` : null;
  const name = href ? (
    <Link to={href} className={styles.authorName}>
      {author.name}
    </Link>
  ) : (
    <span className={styles.authorName}>{author.name}</span>
  );
  return (
    <section className={styles.author} aria-label={author.name} data-testid="author-card">
      <Avatar name={author.name} url={author.avatar_url} size={48} />
      <div className={styles.authorText}>
        {name}
        <p className={styles.authorMeta}>
          {t.followers(formatCount(fans))} · {t.videos(formatCount(author.video_count))}
        </p>
        {author.description && <p className={styles.authorIntro}>{author.description}</p>}
      </div>
      {action}
    </section>
  );
}
