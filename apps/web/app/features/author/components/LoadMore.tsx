import type { MoreList } from '~/lib/use-more.ts';
import loadMoreStyles from '~/components/ui/LoadMoreButton.module.css';
import { authorMessages as t } from '../messages.ts';
import styles from './AuthorPage.module.css';

/** 加载更多 under a list that has another page. */
export function LoadMore<T>({ list }: { list: MoreList<T> }) {
  if (!list.hasMore) return null;
  return (
    <div className={styles.more}>
      <button
        type="button"
        className={loadMoreStyles.loadMore}
        disabled={list.loading}
        onClick={list.loadMore}
        data-testid="load-more"
      >
        {list.loading ? t.loading : t.loadMore}
      </button>
    </div>
  );
}
