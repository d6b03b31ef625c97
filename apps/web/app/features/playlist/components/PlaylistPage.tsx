import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { UserPlaylists } from '@melon/shared/contracts/playlist';
import { formatDuration } from '@melon/shared/format/duration';
import { playlistMessages as t } from '../messages.ts';
import styles from './Playlist.module.css';

interface PlaylistPageProps {
  data: UserPlaylists;
  /** The playlist opened (?playlist_id=), or null for the list of lists. */
  openId: string | null;
  /** The index of the video playing in the opened list. */
  playing: number;
  onPlay: (index: number) => void;
  /** The player of the opened list (the page composes it). */
  player: ReactNode;
}

const openPath = (userId: string, playlistId: string) =>
  `/user_playlist/${userId}?playlist_id=${playlistId}`;

/** /user_playlist/:userId: a user's playlists; an opened one plays in order beside its list. */
export function PlaylistPage({ data, openId, playing, onPlay, player }: PlaylistPageProps) {
  const { user_info: owner, list, items } = data;
  const opened = list.find((entry) => entry.playlist_id === openId) ?? null;
  return (
    <div className={styles.page}>
      <h1 className={styles.heading}>{t.title(owner.name)}</h1>
      {list.length === 0 && <p className={styles.note}>{t.none}</p>}
      <ul className={styles.lists} aria-label={t.pageTitle}>
        {list.map((entry) => (
          <li key={entry.playlist_id}>
            <Link
              to={openPath(owner.user_id, entry.playlist_id)}
              className={styles.listCard}
              aria-current={entry.playlist_id === openId ? 'page' : undefined}
            >
              <span className={styles.listCover}>
                {entry.cover_url && <img src={entry.cover_url} alt="" width={160} height={90} />}
              </span>
              <span className={styles.listText}>
                <span className={styles.choiceTitle}>{entry.title}</span>
                <span className={styles.note}>
                  {t.count(entry.item_count)}
                  {!entry.is_public && ` · ${t.private}`}
                </span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
      {opened && (
        <section className={styles.player} aria-label={t.listLabel(opened.title)}>
          {items.length === 0 ? <p className={styles.note}>{t.empty}</p> : player}
          <ol className={styles.queue} data-testid="playlist-queue">
            {items.map((item, index) => (
              <li key={item.id}>
                <button
                  type="button"
                  className={styles.queueItem}
                  aria-current={index === playing ? 'true' : undefined}
                  onClick={() => {
                    onPlay(index);
                  }}
                >
                  <span className={styles.queueCover}>
                    {item.videoImage && (
                      <img src={item.videoImage} alt="" width={112} height={63} />
                    )}
                    <span className={styles.duration}>{formatDuration(item.duration)}</span>
                  </span>
                  <span className={styles.queueTitle}>
                    {item.title}
                    {index === playing && <span className={styles.nowPlaying}>{t.nowPlaying}</span>}
                  </span>
                </button>
              </li>
            ))}
          </ol>
        </section>
      )}
    </div>
  );
}
