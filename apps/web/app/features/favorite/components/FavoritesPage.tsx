import { Link } from 'react-router';
import {
  FAVORITE_KEYWORD_MAX_LENGTH,
  FAVORITE_TABS,
  type FavoriteList,
  type FavoriteTab,
} from '@melon/shared/contracts/favorite';
import { MyPageHeader } from '~/components/my-page/MyPageHeader.tsx';
import frame from '~/components/my-page/MyPage.module.css';
import { MyPageToolbar } from '~/components/my-page/MyPageToolbar.tsx';
import { favoritePath } from '../favorite-path.ts';
import { useFavoriteList } from '../hooks/use-favorite-list.ts';
import { favoriteMessages as t } from '../messages.ts';
import { FavoriteCard } from './FavoriteCard.tsx';
import styles from './Favorites.module.css';

interface FavoritesPageProps {
  first: FavoriteList;
  tab: FavoriteTab;
  /** The search the page shows the results of, or null for the whole list. */
  keyword: string | null;
  nowMs: number;
  notify: (message: string) => void;
}

/** /my/favorite: the tabs by content kind, a search box, the favourites newest first, remove. */
export function FavoritesPage({ first, tab, keyword, nowMs, notify }: FavoritesPageProps) {
  const list = useFavoriteList({ first, tab, keyword });
  const failed = () => {
    notify(t.failed);
  };

  return (
    <section className={frame.page} aria-labelledby="favorites-title">
      <MyPageHeader
        titleId="favorites-title"
        title={t.title}
        searchAction={favoritePath(tab)}
        keyword={keyword}
        searchPlaceholder={t.searchPlaceholder}
        searchLabel={t.searchPlaceholder}
        searchButton={t.search}
        maxLength={FAVORITE_KEYWORD_MAX_LENGTH}
      />
      <MyPageToolbar
        tabs={FAVORITE_TABS}
        current={tab}
        names={t.tabs}
        pathOf={(key) => favoritePath(key, keyword)}
        label={t.tabsLabel}
      />
      {keyword && (
        <p className={styles.searchNote}>
          <span>{t.searchResults(keyword)}</span>
          <Link to={favoritePath(tab)} className={styles.textLink}>
            {t.clearSearch}
          </Link>
        </p>
      )}
      {list.entries.length === 0 ? (
        <div className={styles.empty} data-testid="favorites-empty">
          <h2 className={styles.emptyTitle}>{keyword ? t.emptySearch : t.empty}</h2>
          {!keyword && <p className={styles.emptyHint}>{t.emptyHint}</p>}
          <Link to="/" className={styles.emptyAction}>
            {t.goHome}
          </Link>
        </div>
      ) : (
        <>
          <ul className={styles.grid}>
            {list.entries.map((entry) => (
              <FavoriteCard
                key={entry.group_id}
                entry={entry}
                nowMs={nowMs}
                busy={list.removing === entry.group_id}
                onRemove={(groupId) => {
                  list.remove(groupId).then(() => {
                    notify(t.favoriteRemoved);
                  }, failed);
                }}
              />
            ))}
          </ul>
          <div className={styles.more}>
            {list.hasMore ? (
              <button
                type="button"
                className={styles.moreButton}
                disabled={list.loading}
                onClick={() => {
                  list.loadMore().catch(failed);
                }}
              >
                {list.loading ? t.loading : t.more}
              </button>
            ) : (
              <span className={styles.end}>{t.end}</span>
            )}
          </div>
        </>
      )}
    </section>
  );
}
