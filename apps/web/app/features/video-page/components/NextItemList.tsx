import { Link } from 'react-router';
import { formatDuration } from '@melon/shared/format/duration';
import { videoPageMessages as t } from '../messages.ts';
import type { NextItems } from '../next-items.ts';
import styles from './VideoPage.module.css';

interface NextItemListProps {
  list: NextItems;
  pathOf: (itemId: string) => string;
}

const HEADINGS = { series: t.series, album: t.album, toplay: () => t.toPlay } as const;

/**
 * The items of the same series or album, or the to-play basket (each with 移出), the current
 * one marked.
 */
export function NextItemList({ list, pathOf }: NextItemListProps) {
  const heading = HEADINGS[list.kind](list.title);
  const { onRemove } = list;
  return (
    <section className={styles.next} aria-label={heading} data-testid="next-items">
      <header className={styles.nextHeader}>
        <h2 className={styles.nextTitle}>{heading}</h2>
        <span className={styles.nextCount}>{t.position(list.currentPosition, list.total)}</span>
      </header>
      <ol className={styles.nextList}>
        {list.items.map((item) => (
          <li key={item.itemId} className={onRemove ? styles.nextRow : undefined}>
            <Link
              to={pathOf(item.itemId)}
              className={styles.nextItem}
              aria-current={item.current ? 'true' : undefined}
            >
              <span className={styles.nextCover}>
                {item.coverUrl && (
                  <img src={item.coverUrl} alt="" width={112} height={63} loading="lazy" />
                )}
                <span className={styles.nextDuration}>{formatDuration(item.duration)}</span>
              </span>
              <span className={styles.nextText}>
                <span className={styles.nextName}>
                  {list.kind === 'series' || !item.label ? '' : `${item.label} `}
                  {item.title}
                </span>
                {item.current && <span className={styles.nowPlaying}>{t.nowPlaying}</span>}
              </span>
            </Link>
            {onRemove && (
              <button
                type="button"
                className={styles.nextRemove}
                aria-label={t.removeEntry(item.title)}
                onClick={() => {
                  onRemove(item.itemId);
                }}
              >
                {t.remove}
              </button>
            )}
          </li>
        ))}
      </ol>
    </section>
  );
}
