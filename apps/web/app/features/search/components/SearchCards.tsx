import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { SearchCard } from '@melon/shared/contracts/search';
import { formatCountCompact } from '@melon/shared/format/count';
import { formatFeedTime } from '@melon/shared/format/relative-time';
import { toMilliseconds } from '@melon/shared/format/timestamp';
import { AuthorName } from '~/components/AuthorName.tsx';
import { VideoCover } from '~/components/VideoCover.tsx';
import { Avatar } from '~/components/ui/Avatar.tsx';
import { authorPath, videoPath } from '~/lib/paths.ts';
import { searchMessages as t } from '../messages.ts';
import { Highlighted } from './Highlighted.tsx';
import styles from './SearchCards.module.css';

type ItemCard = Extract<SearchCard, { item: unknown }>;
type UserCard = Extract<SearchCard, { user: unknown }>;

/** What a page puts on a found video's card (待播), composed by the page. */
export type ItemAction = (item: ItemCard['item']) => ReactNode;

/** A found video: cover, title with the matched words marked, author, plays and time. */
export function SearchItemCard({
  card,
  nowMs,
  action,
}: {
  card: ItemCard;
  nowMs: number;
  action?: ItemAction | undefined;
}) {
  const { item } = card;
  const href = videoPath(item.groupId);
  return (
    <article className={styles.item}>
      <VideoCover href={href} coverUrl={item.thumbUrl} duration={item.duration} />
      <div className={styles.body}>
        <h3 className={styles.title}>
          <Link to={href} className={styles.titleLink}>
            <Highlighted text={item.title} matched={card.matched} />
          </Link>
        </h3>
        {item.abstract && <p className={styles.abstract}>{item.abstract}</p>}
        <p className={styles.meta}>
          <AuthorName author={item.userInfo} className={styles.author} />
          <span>{t.plays(formatCountCompact(item.playNum))}</span>
          <span>{formatFeedTime(toMilliseconds(item.publishTime), nowMs)}</span>
        </p>
        {action?.(item)}
      </div>
    </article>
  );
}

/** A found author: avatar, name with the matched words marked, fans and videos. */
export function SearchUserCard({ card }: { card: UserCard }) {
  const { user } = card;
  return (
    <article className={styles.user}>
      <Avatar name={user.name} url={user.avatar_url} size={56} />
      <div className={styles.userBody}>
        <h3 className={styles.userName}>
          <Link to={authorPath(user.user_id)} className={styles.titleLink}>
            <Highlighted text={user.name} matched={card.matched} />
          </Link>
        </h3>
        <p className={styles.meta}>
          <span>{t.followers(formatCountCompact(user.followers_count))}</span>
          <span>{t.videos(user.video_count)}</span>
        </p>
        {user.description && <p className={styles.abstract}>{user.description}</p>}
      </div>
    </article>
  );
}

/** Any card of the results. */
export function SearchResultCard({
  card,
  nowMs,
  itemAction,
}: {
  card: SearchCard;
  nowMs: number;
  itemAction?: ItemAction | undefined;
}) {
  return 'user' in card ? (
    <SearchUserCard card={card} />
  ) : (
    <SearchItemCard card={card} nowMs={nowMs} action={itemAction} />
  );
}
