import type { Kysely } from 'kysely';
import type { Database } from '@melon/db/database';
import { type AlbumSnapshot, createAlbumSnapshot, type SnapshotAlbum } from './album-snapshot.ts';
import { type ChangeCursor, changesSince, currentCursor } from './cinema-changes.repository.ts';
import { playableEpisodes } from './cinema.presenter.ts';
import { listEpisodesOf, listSnapshotAlbums } from './cinema.repository.ts';

/*
 * The filter page's album snapshot kept equal to the database (decision 073). Each read first
 * reads the change log after where the last one stopped and reloads the albums named there, so
 * a page is built from the albums as they are when it is asked for, as the query it replaces
 * was, whichever process wrote them. The first read loads every listed album, and so does a
 * read after a pause longer than the log is kept.
 */

/** How long the change log keeps a row; the sweeps remove older ones. */
export const CINEMA_CHANGES_KEPT_MS = 10 * 60_000;
/** A snapshot not brought up to date for this long may have missed pruned rows: rebuilt. */
const REBUILD_AFTER_MS = CINEMA_CHANGES_KEPT_MS / 2;
/** More albums changed at once than this (an import) are read by loading everything again. */
const MOST_RELOADED = 512;

type Db = Kysely<Database>;

interface Synced {
  snapshot: AlbumSnapshot;
  cursor: ChangeCursor;
  syncedAt: number;
}

/**
 * The ids padded to a power of two with '' (no album has it), so the reload's `in` lists come
 * in a few lengths and the database's statement cache keeps a few statements, not hundreds.
 */
function inFewLengths(ids: readonly string[]): string[] {
  const length = 2 ** Math.ceil(Math.log2(Math.max(ids.length, 1)));
  return [...ids, ...Array<string>(length - ids.length).fill('')];
}

/** The listed albums with their playable episodes: every one, or those of the ids given. */
async function loadAlbums(db: Db, albumIds?: readonly string[]): Promise<SnapshotAlbum[]> {
  const [rows, episodes] = await Promise.all([
    listSnapshotAlbums(db, albumIds),
    listEpisodesOf(db, albumIds),
  ]);
  const playable = playableEpisodes(episodes);
  return rows.map((row) => ({ row, episodes: playable.get(row.album_id) ?? [] }));
}

export function createAlbumSnapshotSync(db: Db, now: () => number) {
  let synced: Synced | undefined;

  async function rebuild(startedAt: number): Promise<AlbumSnapshot> {
    // Read before the albums: what is written meanwhile is read again at the next sync.
    const cursor = await currentCursor(db);
    const snapshot = createAlbumSnapshot(await loadAlbums(db));
    synced = { snapshot, cursor, syncedAt: startedAt };
    return snapshot;
  }

  async function sync(): Promise<AlbumSnapshot> {
    const startedAt = now();
    if (!synced || startedAt - synced.syncedAt > REBUILD_AFTER_MS) return rebuild(startedAt);
    const { snapshot } = synced;
    const { albumIds, cursor } = await changesSince(db, synced.cursor);
    if (albumIds.size > MOST_RELOADED) return rebuild(startedAt);
    if (albumIds.size > 0) {
      const albums = await loadAlbums(db, inFewLengths([...albumIds]));
      // An album no longer listed is not loaded: taken out, it stays out.
      for (const albumId of albumIds) snapshot.remove(albumId);
      for (const album of albums) snapshot.put(album);
    }
    synced = { snapshot, cursor, syncedAt: startedAt };
    return snapshot;
  }

  let running: Promise<AlbumSnapshot> | undefined;
  let next: Promise<AlbumSnapshot> | undefined;

  /**
   * The snapshot brought up to date after the call. A sync already under way may have read the
   * log before a write the caller saw: the callers that come meanwhile share the next one.
   */
  function current(): Promise<AlbumSnapshot> {
    if (!running) {
      running = sync().finally(() => {
        running = undefined;
      });
      return running;
    }
    next ??= running
      .catch(() => undefined)
      .then(() => {
        next = undefined;
        return current();
      });
    return next;
  }

  return { current };
}
