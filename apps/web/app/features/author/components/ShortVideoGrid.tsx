import { Link } from 'react-router';
import type { HotsoonCell } from '@melon/shared/contracts/author';
import { authorMessages as t } from '../messages.ts';
import styles from './AuthorPage.module.css';

/** Vertical cards of an author's short videos (SPEC §3 short-video cells); each opens the viewer. */
export function ShortVideoGrid({
  cells,
  pathOf,
}: {
  cells: readonly HotsoonCell[];
  pathOf: (groupId: string) => string;
}) {
  return (
    <ul className={styles.shortGrid} data-testid="author-shorts">
      {cells.map((cell) => (
        <li key={cell.groupId}>
          <Link to={pathOf(cell.groupId)} className={styles.shortCard} preventScrollReset>
            {cell.coverUrl && (
              <img
                className={styles.image}
                src={cell.coverUrl}
                alt=""
                width={180}
                height={320}
                loading="lazy"
              />
            )}
            <span className={styles.shortText}>
              <span className={styles.shortTitle}>{cell.title}</span>
              <span>{t.plays(cell.playNum)}</span>
            </span>
            {cell.self_only && <span className={styles.selfOnly}>{t.selfOnly}</span>}
          </Link>
        </li>
      ))}
    </ul>
  );
}
