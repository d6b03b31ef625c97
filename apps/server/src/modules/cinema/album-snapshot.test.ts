import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Kysely, sql } from 'kysely';
import type { Database } from '@melon/db/database';
import { AlbumType, EpisodeType, ItemType, Visibility } from '@melon/db/enums';
import { openDatabase, type OpenedDatabase } from '@melon/db/open-database';
import type { ItemMediaState } from '@melon/db/tables/media';
import type {
  CinemaAlbumsBody,
  CinemaAlbumsPage,
  CinemaPinyin,
  CinemaSort,
} from '@melon/shared/contracts/cinema';
import { CINEMA_SORTS } from '@melon/shared/contracts/cinema';
import { createIdGenerator } from '@melon/shared/ids/id';
import { type ChildDatabase, createChildDatabase } from '../../testing/child-database.ts';
import { createItem, createUser } from '../../testing/factories.ts';
import { type AlbumFilter, categoryByPinyin, genresOf, parseFilters } from './cinema-filters.ts';
import { playableEpisodes, presentAlbumCards } from './cinema.presenter.ts';
import { hasGenre, listEpisodesOf, listedAlbums } from './cinema.repository.ts';
import { createCinemaService } from './cinema.service.ts';

/*
 * The filter page from the album snapshot (decision 073) against the query it replaced, on a
 * catalogue with every kind of album the filter and the item policy tell apart, then after each
 * kind of write, made through another handle on the database (another process) and through the
 * snapshot's own: every page of every filter choice must be the same, card for card.
 */

const YEAR = 2026;
const NOW = Date.UTC(YEAR, 10, 1);
const DAY = 24 * 3600_000;

let dataDir = '';
let home: ChildDatabase;
/** A second handle on the same database: what another process writes through. */
let other: OpenedDatabase;
let clock = NOW;
let service: ReturnType<typeof createCinemaService>;
const newId = createIdGenerator();
let author = '';

/** A fixed sequence of choices, so every run builds the same catalogue. */
let seed = 20_261_207;
function pick<T>(values: readonly T[]): T {
  seed = (Math.imul(seed, 1_103_515_245) + 12_345) >>> 0;
  // The high bits: a power-of-two modulus leaves the low ones short cycles.
  return values[Math.floor((seed / 2 ** 32) * values.length)] as T;
}

/*
 * The query the filter page ran before the snapshot (decision 047), kept here as the reference:
 * listed albums of the category, the filters in SQL, the sort key then the id, descending.
 */
const REFERENCE_SORT_COLUMNS = {
  hot: 'play_count',
  new: 'i.publish_time',
  score: 'a.score',
} as const satisfies Record<CinemaSort, string>;

function referenceRows(
  db: Kysely<Database>,
  query: {
    albumType: number;
    filter: AlbumFilter;
    sort: CinemaSort;
    offset: number;
    limit: number;
  },
) {
  const { filter } = query;
  return listedAlbums(db)
    .where('a.album_type', '=', query.albumType as AlbumType)
    .$if(filter.region !== null, (qb) => qb.where('a.area', '=', filter.region ?? ''))
    .$if(filter.years !== null, (qb) =>
      qb
        .where('a.year', '<=', filter.years?.to ?? 0)
        .$if(filter.years?.from != null, (q) => q.where('a.year', '>=', filter.years?.from ?? 0)),
    )
    .$if(filter.genre !== null, (qb) => qb.where((eb) => hasGenre(eb, filter.genre ?? '')))
    .$if(filter.vip !== null, (qb) => qb.where('a.vip', '=', filter.vip ?? 0))
    .orderBy(REFERENCE_SORT_COLUMNS[query.sort], 'desc')
    .orderBy('a.item_id', 'desc')
    .limit(query.limit)
    .offset(query.offset)
    .execute();
}

/** The page as the service answered it before the snapshot. */
async function referencePage(body: Required<CinemaAlbumsBody>): Promise<CinemaAlbumsPage> {
  const { pinyin, sort, offset, count } = body;
  const { applied, filter } = parseFilters(pinyin, body.filters, YEAR);
  const albumType = categoryByPinyin(pinyin).albumType;
  const rows = await referenceRows(home.db, { albumType, filter, sort, offset, limit: count + 1 });
  const page = rows.slice(0, count);
  const episodes = await listEpisodesOf(
    home.db,
    page.map((row) => row.album_id),
  );
  return {
    pinyin,
    filters: applied,
    sort,
    albumList: presentAlbumCards(page, playableEpisodes(episodes)),
    offset: offset + page.length,
    hasMore: rows.length > count,
  };
}

const CATEGORIES: readonly CinemaPinyin[] = ['dianying', 'dianshiju', 'dongman'];
const REGIONS = ['', '内地', '香港', '美国'];
const YEARS = ['', '2021', '2010s', '1990s', 'earlier'];

/**
 * Every filter choice of the categories (a few values a row), the sorts and the first or second
 * page of four taken in turn; and the category whose only album is hidden.
 */
function everyChoice(): Required<CinemaAlbumsBody>[] {
  const bodies: Required<CinemaAlbumsBody>[] = [];
  for (const pinyin of CATEGORIES) {
    const [first = '', second = ''] = genresOf(pinyin);
    for (const region of REGIONS)
      for (const year of YEARS)
        for (const genre of ['', first, second])
          for (const paid of ['', 'free', 'vip'] as const) {
            const turn = bodies.length;
            bodies.push({
              pinyin,
              filters: { region, year, genre, paid },
              sort: CINEMA_SORTS[turn % CINEMA_SORTS.length] ?? 'hot',
              offset: Math.floor(turn / CINEMA_SORTS.length) % 2 === 0 ? 0 : 4,
              count: 4,
            });
          }
  }
  for (const sort of CINEMA_SORTS) {
    bodies.push({ pinyin: 'zongyi', filters: {}, sort, offset: 0, count: 4 });
  }
  return bodies;
}
const CHOICES = everyChoice();

/** Choices asked at once: the snapshot's readers share a sync, PostgreSQL's pool works. */
const AT_ONCE = 8;

/** Every choice answered by the snapshot and by the reference; the ones that differ. */
async function differences(): Promise<unknown[]> {
  const found: unknown[] = [];
  for (let start = 0; start < CHOICES.length; start += AT_ONCE) {
    await Promise.all(
      CHOICES.slice(start, start + AT_ONCE).map(async (body) => {
        const [answered, expected] = await Promise.all([service.albums(body), referencePage(body)]);
        if (JSON.stringify(answered) !== JSON.stringify(expected)) {
          found.push({ body, answered, expected });
        }
      }),
    );
  }
  return found;
}

interface AlbumSpec {
  type: AlbumType;
  visibility: Visibility;
  media: ItemMediaState | null;
}

async function addMedia(db: Kysely<Database>, itemId: string, state: ItemMediaState) {
  await db
    .insertInto('item_media')
    .values({ item_id: itemId, state, source_path: 'source', created_at: NOW, updated_at: NOW })
    .execute();
}

/** An album of the type and level given, its other values drawn; answers its id. */
async function addAlbum(db: Kysely<Database>, spec: AlbumSpec): Promise<string> {
  const pinyin = CATEGORIES.find((name) => categoryByPinyin(name).albumType === spec.type);
  const genres = genresOf(pinyin ?? 'zongyi');
  const id = await createItem(db, newId, author, {
    itemType: ItemType.Album,
    visibility: spec.visibility,
    playCount: pick([0, 10, 10, 300, 5000]),
    behotTime: NOW - pick([1, 2, 2, 30]) * DAY,
  });
  await db
    .insertInto('albums')
    .values({
      item_id: id,
      album_type: spec.type,
      year: pick([null, 1985, 1989, 1995, 2003, 2010, 2015, 2019, 2020, 2021, 2025, 2026]),
      area: pick(['内地', '内地', '香港', '美国', '日本', '']),
      total_episodes: pick([null, 2, 12]),
      genres: pick([
        '',
        genres[0] ?? '',
        `${genres[0] ?? ''},${genres[1] ?? ''}`,
        `${genres[1] ?? ''},${genres[2] ?? ''}`,
        `${genres[2] ?? ''},不在类型里`,
        `${genres[1] ?? ''}, ${genres[0] ?? ''}`,
      ]),
      score: pick([0, 50, 50, 86, 90]),
      cast_names: '',
      vip: pick([0, 0, 1] as const),
    })
    .execute();
  if (spec.media) await addMedia(db, id, spec.media);
  return id;
}

/** An episode of the album; answers its item id. */
async function addEpisode(
  db: Kysely<Database>,
  albumId: string,
  seq: number,
  visibility: Visibility = Visibility.All,
): Promise<string> {
  const id = await createItem(db, newId, author, {
    itemType: ItemType.Episode,
    visibility,
    playCount: pick([0, 7, 7, 400]),
  });
  await db
    .insertInto('album_episodes')
    .values({
      album_id: albumId,
      item_id: id,
      seq,
      episode_type: pick([EpisodeType.Official, EpisodeType.Official, EpisodeType.Trailer]),
      opening_ms: null,
      ending_ms: null,
      access: 'free',
      price_fen: null,
    })
    .execute();
  return id;
}

const albums: string[] = [];
const episodes: string[] = [];
/** The episodes with a media row (the second of each album). */
const episodesWithMedia: string[] = [];

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'melon-album-snapshot-'));
  home = await createChildDatabase(dataDir);
  other = openDatabase({ databaseUrl: home.databaseUrl, dataDir });
  service = createCinemaService({ db: home.db, now: () => clock });
  author = await createUser(home.db, newId, { name: '片库作者' });
  const types = [AlbumType.Movie, AlbumType.TV, AlbumType.TV, AlbumType.Anime];
  const visibilities = [
    ...Array<Visibility>(8).fill(Visibility.All),
    Visibility.All69,
    Visibility.LimitPartAllowFeed,
    Visibility.Self,
    Visibility.Delete,
    Visibility.Homepage,
    Visibility.AllPartLimitFeed,
  ];
  for (let n = 0; n < 300; n += 1) {
    const media = pick<ItemMediaState | null>([null, null, null, null, 'ready', 'processing']);
    albums.push(
      await addAlbum(home.db, { type: pick(types), visibility: pick(visibilities), media }),
    );
  }
  // A category whose only album is hidden: its pages are empty.
  albums.push(
    await addAlbum(home.db, {
      type: AlbumType.VarietyShow,
      visibility: Visibility.Self,
      media: null,
    }),
  );
  for (const albumId of albums.slice(0, 100)) {
    const count = pick([1, 2, 3]);
    for (let seq = 1; seq <= count; seq += 1) {
      const visibility = pick([Visibility.All, Visibility.All, Visibility.Self]);
      const episode = await addEpisode(home.db, albumId, seq, visibility);
      episodes.push(episode);
      if (seq === 2) {
        await addMedia(home.db, episode, pick(['ready', 'processing', 'failed']));
        episodesWithMedia.push(episode);
      }
    }
  }
}, 60_000);

afterAll(async () => {
  await other.close();
  await home.close();
  await rm(dataDir, { recursive: true, force: true });
});

/** The albums and episodes from `from` on, every `step`-th: the ones a round of writes changes. */
const every = (ids: readonly string[], from: number, step: number) =>
  ids.filter((_, index) => index >= from && (index - from) % step === 0);

/** One write of each kind the snapshot must follow, through the database handle given. */
async function writeEveryKind(db: Kysely<Database>, round: number) {
  const changed = every(albums, round, 9);
  for (const [index, albumId] of changed.entries()) {
    switch (index % 8) {
      case 0: // played
        await db
          .updateTable('items')
          .set({ play_count: 5000 + round })
          .where('id', '=', albumId)
          .execute();
        break;
      case 1: // hidden, or shown again
        await db
          .updateTable('items')
          .set({ visibility: round % 2 === 0 ? Visibility.Self : Visibility.All })
          .where('id', '=', albumId)
          .execute();
        break;
      case 2: // its filter values and score
        await db
          .updateTable('albums')
          .set({ area: '香港', year: 2021, genres: genresOf('dianying').join(','), score: 90 })
          .where('item_id', '=', albumId)
          .execute();
        break;
      case 3: // moved to another category, VIP changed
        await db
          .updateTable('albums')
          .set({ album_type: AlbumType.Anime, vip: 1 })
          .where('item_id', '=', albumId)
          .execute();
        break;
      case 4: // its media processing, or its media row gone
        await db.deleteFrom('item_media').where('item_id', '=', albumId).execute();
        if (round % 2 === 0) await addMedia(db, albumId, 'processing');
        break;
      case 5: // published again, title and cover changed
        await db
          .updateTable('items')
          .set({ publish_time: NOW - DAY, title: `改名 ${round}`, cover_middle_uri: 'covers/new' })
          .where('id', '=', albumId)
          .execute();
        break;
      case 6: // deleted for good
        await db.deleteFrom('items').where('id', '=', albumId).execute();
        break;
      default: // a new episode
        await addEpisode(db, albumId, 10 + round);
    }
  }
  for (const [index, episodeId] of every(episodes, round, 4).entries()) {
    switch (index % 4) {
      case 0: // played
        await db
          .updateTable('items')
          .set({ play_count: 900 + round })
          .where('id', '=', episodeId)
          .execute();
        break;
      case 1: // hidden
        await db
          .updateTable('items')
          .set({ visibility: Visibility.Self })
          .where('id', '=', episodeId)
          .execute();
        break;
      case 2: // now a trailer, or official
        await db
          .updateTable('album_episodes')
          .set({ episode_type: round % 2 === 0 ? EpisodeType.Trailer : EpisodeType.Official })
          .where('item_id', '=', episodeId)
          .execute();
        break;
      default: // deleted for good
        await db.deleteFrom('items').where('id', '=', episodeId).execute();
    }
  }
  for (const [index, episodeId] of every(episodesWithMedia, round, 2).entries()) {
    if (index % 2 === 0) {
      await db
        .updateTable('item_media')
        .set({ state: round % 2 === 0 ? 'ready' : 'processing' })
        .where('item_id', '=', episodeId)
        .execute();
    } else {
      await db.deleteFrom('item_media').where('item_id', '=', episodeId).execute();
    }
  }
  albums.push(await addAlbum(db, { type: AlbumType.TV, visibility: Visibility.All, media: null }));
}

describe('the filter page from the album snapshot', () => {
  it('answers every filter choice as the query it replaced', async () => {
    expect(await differences()).toEqual([]);
  });

  it('follows every kind of write made by another process', async () => {
    await writeEveryKind(other.db, 1);
    expect(await differences()).toEqual([]);
  });

  it('follows every kind of write made through its own handle', async () => {
    await writeEveryKind(home.db, 2);
    expect(await differences()).toEqual([]);
  });

  it('loads everything again after a pause longer than the change log is read', async () => {
    clock += 6 * 60_000;
    await writeEveryKind(other.db, 3);
    expect(await differences()).toEqual([]);
  });

  it('loads everything again after more changes than it reloads one by one', async () => {
    await other.db
      .updateTable('items')
      .set({ play_count: sql<number>`play_count + 1` })
      .where('item_type', 'in', [ItemType.Album, ItemType.Episode])
      .execute();
    for (let n = 0; n < 600; n += 1) {
      await addAlbum(other.db, { type: AlbumType.Movie, visibility: Visibility.All, media: null });
    }
    expect(await differences()).toEqual([]);
  });

  // SQLite commits one writer at a time; PostgreSQL may commit a change after a later one.
  it.runIf(process.env.MELON_TEST_DIALECT === 'postgres')(
    'sees a change committed after a later change it has read',
    async () => {
      const [early, late] = albums.slice(-2);
      let commit = () => {};
      const held = new Promise<void>((resolve) => {
        commit = resolve;
      });
      let written = () => {};
      const begun = new Promise<void>((resolve) => {
        written = resolve;
      });
      const slow = other.db.transaction().execute(async (trx) => {
        await trx
          .updateTable('items')
          .set({ play_count: 77_777 })
          .where('id', '=', early ?? '')
          .execute();
        written();
        await held;
      });
      await begun;
      await home.db
        .updateTable('items')
        .set({ play_count: 88_888 })
        .where('id', '=', late ?? '')
        .execute();
      expect(await differences()).toEqual([]);
      commit();
      await slow;
      expect(await differences()).toEqual([]);
    },
  );
});
