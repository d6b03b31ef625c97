import { Link } from 'react-router';
import type { SeriesSummary } from '@melon/shared/contracts/author';
import { authorMessages as t } from '../messages.ts';
import styles from './AuthorPage.module.css';

/** Cards of an author's series (合集) or pseries: cover, title, description and size. */
export function SeriesGrid({
  series,
  pathOf,
}: {
  series: readonly SeriesSummary[];
  pathOf: (seriesId: string) => string;
}) {
  return (
    <ul className={styles.grid} data-testid="author-series">
      {series.map((entry) => (
        <li key={entry.series_id} className={styles.card}>
          <Link
            to={pathOf(entry.series_id)}
            className={styles.cover}
            tabIndex={-1}
            aria-hidden="true"
          >
            {entry.cover_url && (
              <img
                className={styles.image}
                src={entry.cover_url}
                alt=""
                width={320}
                height={180}
                loading="lazy"
              />
            )}
            <span className={styles.duration}>{t.episodes(entry.item_count)}</span>
            {entry.self_only && <span className={styles.selfOnly}>{t.selfOnly}</span>}
          </Link>
          <Link to={pathOf(entry.series_id)} className={styles.cardTitle}>
            {entry.title}
          </Link>
          {entry.description && <span className={styles.meta}>{entry.description}</span>}
        </li>
      ))}
    </ul>
  );
}
