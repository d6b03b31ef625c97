import { Link } from 'react-router';
import { getAuthorPseries, getAuthorSeries } from '@melon/shared/calls/series.calls';
import type { SeriesPage, SeriesSummary } from '@melon/shared/contracts/author';
import { browserClient } from '~/lib/browser-client.ts';
import { type MoreList, useMore } from '~/lib/use-more.ts';
import { authorTabPath } from '../author-state.ts';
import { authorMessages as t } from '../messages.ts';
import type { OpenedSeries, SeriesTabData, SeriesTabKind } from '../series-tab.server.ts';
import styles from './AuthorPage.module.css';
import { LoadMore } from './LoadMore.tsx';
import { SeriesGrid } from './SeriesGrid.tsx';
import { VideoGrid } from './VideoGrid.tsx';

/** The series' address, and an entry's inside it (SPEC §2 /:mixId?id=): it plays on in order. */
const seriesPlayPath = (seriesId: string, itemId?: string) =>
  itemId ? `/${seriesId}?id=${itemId}` : `/${seriesId}`;

const EMPTY: SeriesPage = { list: [], hasMore: false, offset: 0 };

/** The series or pseries tab of the author page: their cards, or the one series opened. */
export function SeriesTab({
  data,
  notify,
}: {
  data: SeriesTabData;
  notify: (message: string) => void;
}) {
  const { kind, userId, opened, first } = data;
  const list = useMore(first ?? EMPTY, {
    read: (page: SeriesPage) => ({ items: page.list, hasMore: page.hasMore }),
    fetchNext: (last) =>
      browserClient().call(kind === 'series' ? getAuthorSeries : getAuthorPseries, {
        to_user_id: userId,
        offset: last.offset,
      }),
    key: (series) => series.series_id,
    notify,
    failed: t.loadFailed,
  });
  if (opened) return <SeriesDetails kind={kind} userId={userId} opened={opened} />;
  return <SeriesList kind={kind} userId={userId} list={list} />;
}

/** The author's series (or pseries) as cards, a page at a time. */
function SeriesList({
  kind,
  userId,
  list,
}: {
  kind: SeriesTabKind;
  userId: string;
  list: MoreList<SeriesSummary>;
}) {
  if (list.items.length === 0) return <p className={styles.empty}>{t.empty}</p>;
  return (
    <section className={styles.section} aria-label={t.tabs[kind]}>
      <SeriesGrid series={list.items} pathOf={(id) => authorTabPath(userId, kind, id)} />
      <LoadMore list={list} />
    </section>
  );
}

/** One series opened: title, description, 播放全部 and its entries in order. */
function SeriesDetails({
  kind,
  userId,
  opened,
}: {
  kind: SeriesTabKind;
  userId: string;
  opened: OpenedSeries;
}) {
  const { info, items } = opened;
  return (
    <section className={styles.section} aria-labelledby="series-title" data-testid="series-details">
      <Link to={authorTabPath(userId, kind)} className={styles.sectionLink}>
        ← {t.seriesBack}
      </Link>
      <div className={styles.seriesHead}>
        <h2 id="series-title" className={styles.sectionTitle}>
          {info.title}
        </h2>
        <p className={styles.seriesDescription}>
          {info.description} · {t.episodes(info.item_count)}
        </p>
        {items.length > 0 && (
          <Link to={seriesPlayPath(info.series_id)} className={styles.playAll}>
            {t.playSeries}
          </Link>
        )}
      </div>
      <VideoGrid videos={items} pathOf={(itemId) => seriesPlayPath(info.series_id, itemId)} />
    </section>
  );
}
