import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { CinemaAlbumCard } from '@melon/shared/contracts/cinema';
import { videoPath } from '~/lib/paths.ts';
import { cinemaMessages as t } from '../messages.ts';
import styles from './AlbumCard.module.css';

interface AlbumCardProps {
  album: CinemaAlbumCard;
  /** Fetched at once (the first screen) rather than when near it. */
  eager?: boolean;
  /** The heading level of its title in the page's outline. */
  headingLevel?: 'h2' | 'h3';
  /** Under the card's text: the page's action for the album (待播), composed by the page. */
  action?: ReactNode;
}

/** The one score format of the cinema: 8.6. */
export const formatScore = (score: number): string => score.toFixed(1);

/**
 * An album's card: the 16:9 cover (covers are the transcoder's and the studio's 16:9 pictures;
 * decision 053) with the 会员 badge, the score and 更新至第N集 / 全N集 over it, then the title
 * and one line of year and genres. It opens the album's page (its first episode).
 */
export function AlbumCard({ album, eager = false, headingLevel = 'h3', action }: AlbumCardProps) {
  const href = videoPath(album.albumId);
  const Heading = headingLevel;
  const line = [album.year, ...album.genres.slice(0, 2)].filter(Boolean).join(' · ');
  return (
    <article className={styles.card} data-testid="album-card">
      <Link to={href} className={styles.cover} tabIndex={-1} aria-hidden="true">
        {album.coverUrl ? (
          <img
            className={styles.image}
            src={album.coverUrl}
            alt=""
            width={320}
            height={180}
            loading={eager ? 'eager' : 'lazy'}
            decoding="async"
          />
        ) : (
          <span className={styles.noCover}>{t.noCover}</span>
        )}
        {album.vip && <span className={styles.vip}>{t.vip}</span>}
        {album.score !== null && <span className={styles.score}>{formatScore(album.score)}</span>}
        {album.updateLabel && <span className={styles.update}>{album.updateLabel}</span>}
      </Link>
      <Heading className={styles.title}>
        <Link to={href} className={styles.titleLink} title={album.title}>
          {album.title}
          <span className="visually-hidden">
            {[
              album.vip ? `，${t.vip}` : '',
              album.score !== null ? `，${t.score(formatScore(album.score))}` : '',
              album.updateLabel ? `，${album.updateLabel}` : '',
            ].join('')}
          </span>
        </Link>
      </Heading>
      {line && <p className={styles.line}>{line}</p>}
      {action}
    </article>
  );
}
