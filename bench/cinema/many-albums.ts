import { sql } from 'kysely';
import { openDatabase } from '@melon/db/open-database';
import { AlbumType, ItemType, Visibility } from '@melon/db/enums';
import { createIdGenerator } from '@melon/shared/ids/id';
import { createUser } from '../../apps/server/src/testing/factories.ts';

const BATCH = 400;
const DAY_MS = 24 * 3600 * 1000;
const TYPES = [AlbumType.Movie, AlbumType.TV, AlbumType.Anime, AlbumType.VarietyShow] as const;
const AREAS = ['内地', '内地', '内地', '香港', '台湾', '美国', '日本', '韩国', '英国'];
const GENRES = ['剧情', '古装', '都市', '悬疑', '爱情', '家庭', '武侠', '喜剧', '青春', '动作'];

/**
 * Writes `count` albums (film, TV, anime and variety in turn; one in fifty visible to its
 * author only) with spread regions, years from 1985, one to three genres, scores and a VIP flag
 * into the database of a running Melon (SQLite in `dataDir`, or PostgreSQL at `databaseUrl`,
 * then analysed), and no episodes.
 */
export async function writeManyAlbums(
  dataDir: string,
  count: number,
  databaseUrl = '',
): Promise<void> {
  const opened = openDatabase({ dataDir, databaseUrl });
  const { db } = opened;
  const newId = createIdGenerator();
  try {
    const author = await createUser(db, newId, { name: '片库两万' });
    const now = Date.now();
    for (let done = 0; done < count; done += BATCH) {
      const items = [];
      const albums = [];
      for (let i = 0; i < Math.min(BATCH, count - done); i += 1) {
        const n = done + i;
        const id = newId();
        const time = now - Math.floor(((n * 7919) % 3650) * DAY_MS);
        items.push({
          id,
          item_type: ItemType.Album,
          visibility: n % 50 === 0 ? Visibility.Self : Visibility.All,
          user_id: author,
          channel_id: 2,
          title: `片库专辑 ${n + 1}`,
          abstract: '简介',
          duration_ms: 0,
          cover_large_uri: `covers/${id}-large.webp`,
          cover_middle_uri: `covers/${id}-middle.webp`,
          preview_uri: null,
          publish_time: time,
          behot_time: time,
          play_count: (n * 104_729) % 50_000,
          created_at: time,
          updated_at: time,
        });
        const genreCount = 1 + (n % 3);
        albums.push({
          item_id: id,
          album_type: TYPES[n % TYPES.length] ?? AlbumType.TV,
          year: 1985 + ((n * 31) % 42),
          area: AREAS[(n * 7) % AREAS.length] ?? '内地',
          genres: Array.from(
            { length: genreCount },
            (_, g) => GENRES[(n * 3 + g * 5) % GENRES.length] ?? '剧情',
          ).join(','),
          score: (n * 37) % 101,
          vip: n % 4 === 0 ? (1 as const) : (0 as const),
          total_episodes: 24,
        });
      }
      await db.insertInto('items').values(items).execute();
      await db.insertInto('albums').values(albums).execute();
    }
    // PostgreSQL plans from table statistics, which autovacuum gathers on a live site.
    if (opened.dialect === 'postgres') await sql`analyze`.execute(db);
  } finally {
    await opened.close();
  }
}
