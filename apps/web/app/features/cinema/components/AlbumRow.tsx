import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { cinemaMessages as t } from '../messages.ts';
import styles from './AlbumRow.module.css';

interface AlbumRowProps {
  heading: string;
  /** 更多 → where the whole list is (a category's filter page); none for a row without one. */
  moreHref?: string;
  children: ReactNode;
}

/** A row of the cinema home: its heading with 更多, then cards that scroll sideways on phones. */
export function AlbumRow({ heading, moreHref, children }: AlbumRowProps) {
  return (
    <section className={styles.row} aria-label={heading} data-testid="cinema-row">
      <header className={styles.header}>
        <h2 className={styles.heading}>{heading}</h2>
        {moreHref && (
          <Link to={moreHref} className={styles.more} aria-label={t.moreOf(heading)}>
            {t.more}
            <span aria-hidden="true"> ›</span>
          </Link>
        )}
      </header>
      <ul className={styles.list}>{children}</ul>
    </section>
  );
}
