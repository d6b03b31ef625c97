import { Link } from 'react-router';
import type { AlbumDetails, AlbumEpisodeEntry } from '@melon/shared/contracts/cinema';
import { groupEpisodes } from '../episode-groups.ts';
import { cinemaMessages as t } from '../messages.ts';
import { formatScore } from './AlbumCard.tsx';
import styles from './AlbumPanel.module.css';

interface AlbumPanelProps {
  details: AlbumDetails;
  /** The episode playing now. */
  currentItemId: string;
  /** The address of an episode on this page. */
  pathOf: (itemId: string) => string;
}

const badgeOf = (episode: AlbumEpisodeEntry): string | null =>
  episode.access === 'vip' ? t.vip : episode.access === 'paid' ? t.paid : null;

/** One episode's link: its label, and a 会员 / 付费 corner mark. */
function EpisodeLink({
  episode,
  current,
  href,
  wide,
}: {
  episode: AlbumEpisodeEntry;
  current: boolean;
  href: string;
  /** Extras show their title beside the label; numbered episodes only the label. */
  wide: boolean;
}) {
  const badge = badgeOf(episode);
  return (
    <Link
      to={href}
      className={wide ? styles.extra : styles.episode}
      aria-current={current ? 'true' : undefined}
      title={episode.title}
      data-testid="album-episode"
    >
      <span className={styles.label}>{episode.episodeLabel}</span>
      {wide && <span className={styles.extraTitle}>{episode.title}</span>}
      {!wide && <span className="visually-hidden">{`：${episode.title}`}</span>}
      {badge && (
        <span className={styles.badge} data-access={episode.access}>
          {badge}
        </span>
      )}
      {current && <span className="visually-hidden">{`，${t.nowPlaying}`}</span>}
    </Link>
  );
}

/**
 * The album beside an episode's player (albumv2/details, blocks info and episodes): type,
 * score, year, region, genres and cast, then the episodes as 第N集 / 第N期 buttons and the
 * trailers and extras apart, with 会员 / 付费 marks; the one playing is marked.
 */
export function AlbumPanel({ details, currentItemId, pathOf }: AlbumPanelProps) {
  const info = details.blocks.info;
  const { official, extras } = groupEpisodes(details.blocks.episodes ?? []);
  const album = info?.album;
  const facts = album
    ? [
        { name: t.type, value: album.albumTypeName },
        { name: t.year, value: album.year === null ? '' : String(album.year) },
        { name: t.region, value: album.region },
        { name: t.genres, value: album.genres.join(' / ') },
        { name: t.cast, value: info.cast.join(' / ') },
      ].filter((fact) => fact.value)
    : [];

  return (
    <section className={styles.panel} aria-labelledby="album-title" data-testid="album-panel">
      {album && (
        <header className={styles.header}>
          <h2 id="album-title" className={styles.title}>
            {album.title}
          </h2>
          {album.score !== null && (
            <span className={styles.score}>{t.score(formatScore(album.score))}</span>
          )}
          {album.updateLabel && <span className={styles.update}>{album.updateLabel}</span>}
        </header>
      )}
      {facts.length > 0 && (
        <dl className={styles.facts} aria-label={t.albumInfo}>
          {facts.map((fact) => (
            <div key={fact.name} className={styles.fact}>
              <dt>{fact.name}</dt>
              <dd>{fact.value}</dd>
            </div>
          ))}
        </dl>
      )}
      {official.length > 0 && (
        <>
          <h3 className={styles.subheading}>{t.episodes}</h3>
          <ol className={styles.episodes}>
            {official.map((episode) => (
              <li key={episode.itemId}>
                <EpisodeLink
                  episode={episode}
                  current={episode.itemId === currentItemId}
                  href={pathOf(episode.itemId)}
                  wide={false}
                />
              </li>
            ))}
          </ol>
        </>
      )}
      {extras.length > 0 && (
        <>
          <h3 className={styles.subheading}>{t.extras}</h3>
          <ul className={styles.extras}>
            {extras.map((episode) => (
              <li key={episode.itemId}>
                <EpisodeLink
                  episode={episode}
                  current={episode.itemId === currentItemId}
                  href={pathOf(episode.itemId)}
                  wide
                />
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
