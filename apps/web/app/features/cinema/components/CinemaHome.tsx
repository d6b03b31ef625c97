import type { ReactNode } from 'react';
import type { CinemaAlbumCard } from '@melon/shared/contracts/cinema';
import { AlbumCard } from './AlbumCard.tsx';
import { AlbumRow } from './AlbumRow.tsx';
import { BannerCarousel } from './BannerCarousel.tsx';
import { ClipCard } from './ClipCard.tsx';
import { MaterialTiles } from './MaterialTiles.tsx';
import type { CinemaHomeData } from '../cinema-home.server.ts';
import { cinemaFilterPath } from '../filter-state.ts';
import { cinemaMessages as t } from '../messages.ts';
import styles from './CinemaHome.module.css';

/** Covers of the first row fetched at once (its widest line). */
const EAGER_ROW_CARDS = 5;

/**
 * The 影视 channel's page: the carousel, the entry tiles, a row per category (each with 更多 to
 * its filter page) and the newest clips.
 */
export function CinemaHome({
  data,
  heading,
  albumAction,
}: {
  data: CinemaHomeData;
  heading: string;
  /** Each album card's action (待播), composed by the page. */
  albumAction?: (album: CinemaAlbumCard) => ReactNode;
}) {
  return (
    <div className={styles.home}>
      <h1 className="visually-hidden">{heading}</h1>
      {data.clusters.length === 0 && <p className={styles.empty}>{t.homeEmpty}</p>}
      <BannerCarousel banners={data.banners} />
      <div className={styles.materials}>
        <MaterialTiles materials={data.materials} />
      </div>
      {data.clusters.map((cluster, rowIndex) => (
        <AlbumRow
          key={cluster.category.pinyin}
          heading={cluster.category.name}
          moreHref={cinemaFilterPath(cluster.category.pinyin)}
        >
          {cluster.albumList.map((album, index) => (
            <li key={album.albumId}>
              <AlbumCard
                album={album}
                eager={rowIndex === 0 && index < EAGER_ROW_CARDS}
                action={albumAction?.(album)}
              />
            </li>
          ))}
        </AlbumRow>
      ))}
      {data.clips.length > 0 && (
        <AlbumRow heading={t.clips}>
          {data.clips.map((clip) => (
            <li key={clip.itemId}>
              <ClipCard clip={clip} />
            </li>
          ))}
        </AlbumRow>
      )}
    </div>
  );
}
