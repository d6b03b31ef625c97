import { Link } from 'react-router';
import type { AuthorListEntry } from '@melon/shared/contracts/follow';
import { formatCount } from '@melon/shared/format/count';
import { Avatar } from '~/components/ui/Avatar.tsx';
import { authorPath } from '~/lib/paths.ts';
import type { FollowDeps } from '../follow-deps.ts';
import { useFollow } from '../hooks/use-follow.ts';
import { followMessages as t } from '../messages.ts';
import { FollowButton } from './FollowButton.tsx';
import styles from './AttentionPage.module.css';

/** One followed author: avatar, name, fans in 万, and the button to unfollow (or follow again). */
export function FollowedAuthor({ author, deps }: { author: AuthorListEntry; deps: FollowDeps }) {
  const follow = useFollow(
    author.user_id,
    { following: author.follow, fans: author.fansNum },
    deps,
  );
  return (
    <li className={styles.author} data-testid="followed-author">
      <Link to={authorPath(author.user_id)} className={styles.authorLink}>
        <Avatar name={author.name} url={author.avatar} size={48} />
        <span className={styles.authorText}>
          <span className={styles.authorName}>{author.name}</span>
          <span className={styles.authorMeta}>{t.fans(formatCount(follow.fans))}</span>
        </span>
      </Link>
      <FollowButton control={follow} name={author.name} />
    </li>
  );
}
