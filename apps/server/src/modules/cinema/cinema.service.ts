import type { Kysely } from 'kysely';
import type { Database } from '@melon/db/database';
import { type AlbumType, ItemType } from '@melon/db/enums';
import {
  ALBUM_BLOCK_IDS,
  type AlbumBlockId,
  type AlbumDetails,
  CINEMA_CATEGORIES,
  type CinemaAlbumsBody,
  type CinemaAlbumsPage,
  type CinemaBanners,
  type CinemaCategory,
  type CinemaChannels,
  type CinemaClusters,
  type CinemaFeedCell,
  type CinemaFeedPage,
  type CinemaFeedQuery,
  type CinemaFilterCategory,
  type CinemaPinyin,
  type MaterialConfig,
} from '@melon/shared/contracts/cinema';
import { invalid, notFound } from '../../lib/domain-error.ts';
import { canView, type ViewerId } from '../item/item.policy.ts';
import { createAlbumSnapshotSync } from './album-snapshot-sync.ts';
import {
  type CinemaCategoryEntry,
  categoryByPinyin,
  filterRows,
  parseFilters,
} from './cinema-filters.ts';
import { cinemaMessages as t } from './cinema.messages.ts';
import {
  playableEpisodes,
  presentAlbumCard,
  presentAlbumCards,
  presentAlbumInfo,
  presentClip,
  presentEpisodes,
} from './cinema.presenter.ts';
import {
  type AlbumCardRow,
  countListedAlbums,
  findAlbum,
  listAlbumCards,
  listClips,
  listEpisodesOf,
  listFeedEntries,
  listHotAlbums,
  listRelatedAlbums,
  listTopScoredAlbums,
} from './cinema.repository.ts';

interface Deps {
  db: Kysely<Database>;
  now?: () => number;
}

const DEFAULT_PAGE = 18;
const DEFAULT_CLUSTER = 12;
const BANNERS = 5;
const RELATED = 12;
/** The cinema home's rows: the categories people browse most (SPEC §3 album types 1–5). */
const HOME_ROWS = 5;
/** A cinema feed's channelId for every category at once. */
const WHOLE_CINEMA = '0';

/**
 * The cinema (decision 047): the filter page, the home's rows, banners and tiles, a category's
 * feed and an album's details. Everything listed keeps to the item policy (listed in feeds);
 * an album opened by id is shown when the policy lets the viewer see it. The filter page reads
 * the albums from a snapshot in memory kept equal to the database (decision 073).
 */
export function createCinemaService({ db, now = Date.now }: Deps) {
  const currentYear = () => new Date(now()).getUTCFullYear();
  const albumSnapshot = createAlbumSnapshotSync(db, now);

  async function cardsOf(rows: readonly AlbumCardRow[]) {
    const episodes = playableEpisodes(
      await listEpisodesOf(
        db,
        rows.map((row) => row.album_id),
      ),
    );
    return presentAlbumCards(rows, episodes);
  }

  function presentCategory(
    entry: CinemaCategoryEntry,
    counts: Map<number, number>,
  ): CinemaCategory {
    return {
      channelId: String(entry.albumType),
      pinyin: entry.pinyin,
      name: entry.name,
      albumType: entry.albumType,
      albumCount: counts.get(entry.albumType) ?? 0,
    };
  }

  async function channels(): Promise<CinemaChannels> {
    const counts = await countListedAlbums(db);
    return { channels: CINEMA_CATEGORIES.map((entry) => presentCategory(entry, counts)) };
  }

  async function category(pinyin: CinemaPinyin): Promise<CinemaFilterCategory> {
    const counts = await countListedAlbums(db);
    return {
      category: presentCategory(categoryByPinyin(pinyin), counts),
      rows: filterRows(pinyin, currentYear()),
    };
  }

  async function albums(body: CinemaAlbumsBody): Promise<CinemaAlbumsPage> {
    const { pinyin, sort = 'hot', offset = 0, count = DEFAULT_PAGE } = body;
    const { applied, filter } = parseFilters(pinyin, body.filters ?? {}, currentYear());
    const snapshot = await albumSnapshot.current();
    const albums = snapshot.page({
      albumType: categoryByPinyin(pinyin).albumType,
      filter,
      sort,
      offset,
      limit: count + 1,
    });
    const page = albums.slice(0, count);
    return {
      pinyin,
      filters: applied,
      sort,
      albumList: page.map((album) => presentAlbumCard(album.row, album.episodes)),
      offset: offset + page.length,
      hasMore: albums.length > count,
    };
  }

  function albumTypeOfChannel(channelId: string): AlbumType | null {
    if (channelId === WHOLE_CINEMA) return null;
    const entry = CINEMA_CATEGORIES.find((c) => String(c.albumType) === channelId);
    if (!entry) throw notFound(t.unknownChannel);
    return entry.albumType;
  }

  async function feed(query: CinemaFeedQuery): Promise<CinemaFeedPage> {
    const { channelId, type = 'all', offset = 0, count = DEFAULT_PAGE } = query;
    const entries = await listFeedEntries(db, {
      albumType: albumTypeOfChannel(channelId),
      albums: type !== 'svideo',
      clips: type !== 'lvideo',
      offset,
      limit: count + 1,
    });
    const page = entries.slice(0, count);
    const albumIds = page.filter((e) => e.item_type === ItemType.Album).map((e) => e.id);
    const clipIds = page.filter((e) => e.item_type === ItemType.Episode).map((e) => e.id);
    const [albumRows, clipRows] = await Promise.all([
      listAlbumCards(db, albumIds),
      listClips(db, clipIds),
    ]);
    const cards = new Map((await cardsOf(albumRows)).map((card) => [card.albumId, card]));
    const clips = new Map(clipRows.map((row) => [row.item_id, presentClip(row)]));
    const videoFeed: CinemaFeedCell[] = [];
    for (const entry of page) {
      const album = cards.get(entry.id);
      const clip = clips.get(entry.id);
      if (album) videoFeed.push({ kind: 'album', album });
      else if (clip) videoFeed.push({ kind: 'clip', clip });
    }
    return {
      channelId,
      type,
      videoFeed,
      offset: offset + page.length,
      hasMore: entries.length > count,
    };
  }

  async function clusters(count = DEFAULT_CLUSTER): Promise<CinemaClusters> {
    const counts = await countListedAlbums(db);
    const rows = await Promise.all(
      CINEMA_CATEGORIES.slice(0, HOME_ROWS).map(async (entry) => {
        const albumRows = await listHotAlbums(db, entry.albumType, count + 1);
        return {
          category: presentCategory(entry, counts),
          albumList: await cardsOf(albumRows.slice(0, count)),
          hasMore: albumRows.length > count,
        };
      }),
    );
    return { clusters: rows.filter((row) => row.albumList.length > 0) };
  }

  async function banners(): Promise<CinemaBanners> {
    // A slide opens the album's first episode: only albums a visitor can play from.
    const rows = await listTopScoredAlbums(db, BANNERS * 2);
    const cards = (await cardsOf(rows)).filter((album) => album.firstItemId !== null);
    return {
      banners: cards.slice(0, BANNERS).map((album) => ({
        bannerId: album.albumId,
        title: album.title,
        subtitle: [
          album.genres.join(' / '),
          album.year === null ? '' : String(album.year),
          album.score === null ? '' : album.score.toFixed(1),
        ]
          .filter((part) => part !== '')
          .join(' · '),
        imageUrl: album.coverUrl,
        album,
      })),
    };
  }

  async function materials(channelId = WHOLE_CINEMA): Promise<MaterialConfig> {
    const albumType = albumTypeOfChannel(channelId);
    const counts = await countListedAlbums(db);
    const entries = CINEMA_CATEGORIES.filter(
      (entry) =>
        (albumType === null || entry.albumType === albumType) &&
        (counts.get(entry.albumType) ?? 0) > 0,
    );
    const materialsList = await Promise.all(
      entries.map(async (entry) => {
        const [top] = await listHotAlbums(db, entry.albumType, 1);
        return {
          materialId: entry.pinyin,
          title: entry.name,
          subtitle: top?.title ?? '',
          imageUrl: top ? presentAlbumCard(top).coverUrl : '',
          link: `/cinema/filter/${entry.pinyin}`,
          pinyin: entry.pinyin,
        };
      }),
    );
    return { channelId, materials: materialsList };
  }

  function parseBlocks(blockIds: string | undefined): Set<AlbumBlockId> {
    if (blockIds === undefined) return new Set(ALBUM_BLOCK_IDS);
    const asked = blockIds.split(',').map((id) => id.trim());
    const unknown = asked.filter((id) => !(ALBUM_BLOCK_IDS as readonly string[]).includes(id));
    if (unknown.length > 0) throw invalid(t.unknownBlocks(unknown, ALBUM_BLOCK_IDS), 'block_ids');
    return new Set(asked as AlbumBlockId[]);
  }

  async function details(
    albumId: string,
    blockIds: string | undefined,
    viewerId: ViewerId,
  ): Promise<AlbumDetails> {
    const blocks = parseBlocks(blockIds);
    const album = await findAlbum(db, albumId);
    if (!album || !canView(album, viewerId)) throw notFound(t.unknownAlbum);
    const episodes =
      playableEpisodes(await listEpisodesOf(db, [albumId]), viewerId).get(albumId) ?? [];
    const answer: AlbumDetails = { albumId, blocks: {} };
    if (blocks.has('info')) answer.blocks.info = presentAlbumInfo(album, episodes);
    if (blocks.has('episodes')) answer.blocks.episodes = presentEpisodes(album, episodes);
    if (blocks.has('related')) {
      const genres = presentAlbumCard(album).genres;
      const related = await listRelatedAlbums(
        db,
        { album_id: albumId, album_type: album.album_type, genres },
        RELATED,
      );
      answer.blocks.related = await cardsOf(related);
    }
    return answer;
  }

  return { channels, category, albums, feed, clusters, banners, materials, details };
}
export type CinemaService = ReturnType<typeof createCinemaService>;
