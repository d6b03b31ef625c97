import Type, { type Static } from 'typebox';
import { oneOf } from './one-of.ts';

/*
 * The cinema (SPEC §3 "Cinema category", "Album-in-category", "Video feed by type"; §7 "Feed and
 * cinema", albumv2/details, getYBanner, getMaterialConfig). Decision 047.
 */

/**
 * The cinema's categories: the filter page's `:pinyin` and the album type it lists (SPEC §3
 * album types). The order is the order of the category row and of the cinema home's rows.
 */
export const CINEMA_CATEGORIES = [
  { pinyin: 'dianying', name: '电影', albumType: 1 },
  { pinyin: 'dianshiju', name: '电视剧', albumType: 2 },
  { pinyin: 'dongman', name: '动漫', albumType: 3 },
  { pinyin: 'zongyi', name: '综艺', albumType: 4 },
  { pinyin: 'jilupian', name: '纪录片', albumType: 5 },
  { pinyin: 'shaoer', name: '少儿', albumType: 13 },
  { pinyin: 'duanpian', name: '短片', albumType: 6 },
  { pinyin: 'weidianying', name: '微电影', albumType: 7 },
  { pinyin: 'youxi', name: '游戏', albumType: 14 },
  { pinyin: 'xinwen', name: '新闻', albumType: 15 },
  { pinyin: 'tiyu', name: '体育', albumType: 16 },
  { pinyin: 'yinyue', name: '音乐', albumType: 17 },
] as const;
export const CINEMA_PINYINS = CINEMA_CATEGORIES.map((category) => category.pinyin);
export type CinemaPinyin = (typeof CINEMA_CATEGORIES)[number]['pinyin'];

export const CinemaPinyin = oneOf(CINEMA_PINYINS);

/** The filter page's sort orders: 最热 (plays), 最新 (publish time), 高分 (score). */
export const CINEMA_SORTS = ['hot', 'new', 'score'] as const;
export type CinemaSort = (typeof CINEMA_SORTS)[number];
export const CinemaSort = oneOf(CINEMA_SORTS);

/** 全部 / 免费 (no episode for members only) / 会员 (some episode for members only). */
export const CINEMA_PAID = ['', 'free', 'vip'] as const;
export type CinemaPaid = (typeof CINEMA_PAID)[number];

/** An episode's access (SPEC §4): free, members only, or bought one by one (episode_product). */
export const EPISODE_ACCESS = ['free', 'vip', 'paid'] as const;
export type EpisodeAccess = (typeof EPISODE_ACCESS)[number];

/**
 * One cinema category (SPEC §3 "Cinema category"): `channelId` is its album type as a decimal
 * string, the id the cinema feed calls take.
 */
export const CinemaCategory = Type.Object({
  channelId: Type.String(),
  pinyin: CinemaPinyin,
  name: Type.String(),
  albumType: Type.Integer(),
  /** Albums of the category that are listed (what the filter page would page through). */
  albumCount: Type.Integer(),
});
export type CinemaCategory = Static<typeof CinemaCategory>;

/** GET /api/cinema/filterv2/channel/tcc: the filter page's category row. */
export const CinemaChannels = Type.Object({ channels: Type.Array(CinemaCategory) });
export type CinemaChannels = Static<typeof CinemaChannels>;

/** One choice of a filter row; `value` '' is 全部 (no filter). */
export const CinemaFilterOption = Type.Object({ label: Type.String(), value: Type.String() });
export type CinemaFilterOption = Static<typeof CinemaFilterOption>;

/**
 * The filter rows, in page order: `genre` (类型: the category's sub-genres), `region` (地区),
 * `year` (年份: '2026' a year, '2010s' a decade, 'earlier' before the listed decades), `paid`
 * (付费: '' 全部, 'free' 免费, 'vip' 会员) and `sort` (排序: hot 最热, new 最新, score 高分).
 */
export const CINEMA_FILTER_KEYS = ['genre', 'region', 'year', 'paid', 'sort'] as const;
export type CinemaFilterKey = (typeof CINEMA_FILTER_KEYS)[number];

export const CinemaFilterRow = Type.Object({
  key: oneOf(CINEMA_FILTER_KEYS),
  name: Type.String(),
  options: Type.Array(CinemaFilterOption),
  /** The value chosen when the URL says nothing: '' (全部), or 'hot' for the sort row. */
  defaultValue: Type.String(),
});
export type CinemaFilterRow = Static<typeof CinemaFilterRow>;

/** GET /api/cinema/filterv2/category query. */
export const CinemaCategoryQuery = Type.Object({ pinyin: CinemaPinyin });
export type CinemaCategoryQuery = Static<typeof CinemaCategoryQuery>;

export const CinemaFilterCategory = Type.Object({
  category: CinemaCategory,
  rows: Type.Array(CinemaFilterRow),
});
export type CinemaFilterCategory = Static<typeof CinemaFilterCategory>;

const filterValue = Type.String({ maxLength: 16 });

/**
 * The chosen filters; a value left out or '' is 全部. A value that is not one of the category's
 * options (GET category) is refused with 400.
 */
export const CinemaFilters = Type.Object({
  region: Type.Optional(filterValue),
  year: Type.Optional(filterValue),
  genre: Type.Optional(filterValue),
  paid: Type.Optional(oneOf(CINEMA_PAID)),
});
export type CinemaFilters = Static<typeof CinemaFilters>;

/** The filters as applied, every key present ('' for 全部). */
export const CinemaAppliedFilters = Type.Object({
  region: Type.String(),
  year: Type.String(),
  genre: Type.String(),
  paid: oneOf(CINEMA_PAID),
});
export type CinemaAppliedFilters = Static<typeof CinemaAppliedFilters>;

export const CINEMA_PAGE_MAX = 30;

/** POST /api/cinema/filterv2/albums body (JSON). */
export const CinemaAlbumsBody = Type.Object({
  pinyin: CinemaPinyin,
  filters: Type.Optional(CinemaFilters),
  sort: Type.Optional(CinemaSort),
  offset: Type.Optional(Type.Integer({ minimum: 0, maximum: 100_000, default: 0 })),
  count: Type.Optional(Type.Integer({ minimum: 1, maximum: CINEMA_PAGE_MAX, default: 18 })),
});
export type CinemaAlbumsBody = Static<typeof CinemaAlbumsBody>;

/**
 * An album's card, the same everywhere in the cinema (filter page, home rows, banners' related,
 * details' related). `score` is out of 10 with one decimal, null when unrated. `updateLabel` is
 * 全N集 / 全N期 when every episode is out, 更新至第N集 / 第N期 while it is running, '' for a
 * film. `firstItemId` is the first episode to play (the first official one), null when the
 * album has no playable episode (a catalogue-only album).
 */
export const CinemaAlbumCard = Type.Object({
  albumId: Type.String(),
  title: Type.String(),
  coverUrl: Type.String(),
  albumType: Type.Integer(),
  albumTypeName: Type.String(),
  score: Type.Union([Type.Number(), Type.Null()]),
  year: Type.Union([Type.Integer(), Type.Null()]),
  region: Type.String(),
  genres: Type.Array(Type.String()),
  sequenceType: oneOf(['episode', 'period'] as const),
  /** Official episodes out so far. */
  episodeCount: Type.Integer(),
  totalEpisodes: Type.Union([Type.Integer(), Type.Null()]),
  updateLabel: Type.String(),
  vip: Type.Boolean(),
  firstItemId: Type.Union([Type.String(), Type.Null()]),
  /** Plays of the album and its episodes together (what 最热 orders by). */
  playNum: Type.Integer(),
});
export type CinemaAlbumCard = Static<typeof CinemaAlbumCard>;

/** SPEC §3 "Album-in-category". `offset` is the offset to ask for next. */
export const CinemaAlbumsPage = Type.Object({
  pinyin: CinemaPinyin,
  filters: CinemaAppliedFilters,
  sort: CinemaSort,
  albumList: Type.Array(CinemaAlbumCard),
  offset: Type.Integer(),
  hasMore: Type.Boolean(),
});
export type CinemaAlbumsPage = Static<typeof CinemaAlbumsPage>;

/**
 * GET /api/cinema/feed/feedById query: `channelId` a category's channelId (its album type), or
 * '0' for the whole cinema. `type` (SPEC §3 "Video feed by type"): 'lvideo' albums, 'svideo' the
 * short clips of albums (trailers, highlights, edits, footage), 'all' both, newest first.
 */
export const CINEMA_FEED_TYPES = ['all', 'svideo', 'lvideo'] as const;
export const CinemaFeedQuery = Type.Object({
  channelId: Type.String({ pattern: '^[0-9]{1,2}$', maxLength: 2 }),
  type: Type.Optional(oneOf(CINEMA_FEED_TYPES)),
  offset: Type.Optional(Type.Integer({ minimum: 0, maximum: 100_000, default: 0 })),
  count: Type.Optional(Type.Integer({ minimum: 1, maximum: CINEMA_PAGE_MAX, default: 18 })),
});
export type CinemaFeedQuery = Static<typeof CinemaFeedQuery>;

/** A short clip of an album (an episode that is not official: trailer, focus, edit, footage). */
export const CinemaClip = Type.Object({
  itemId: Type.String(),
  title: Type.String(),
  coverUrl: Type.String(),
  /** Seconds. */
  duration: Type.Number(),
  episodeType: Type.String(),
  /** 预告 / 看点 / 剪辑 / 花絮 / 片段. */
  episodeLabel: Type.String(),
  albumId: Type.String(),
  albumTitle: Type.String(),
});
export type CinemaClip = Static<typeof CinemaClip>;

export const CinemaFeedCell = Type.Union([
  Type.Object({ kind: Type.Literal('album'), album: CinemaAlbumCard }),
  Type.Object({ kind: Type.Literal('clip'), clip: CinemaClip }),
]);
export type CinemaFeedCell = Static<typeof CinemaFeedCell>;

export const CinemaFeedPage = Type.Object({
  channelId: Type.String(),
  type: oneOf(CINEMA_FEED_TYPES),
  videoFeed: Type.Array(CinemaFeedCell),
  offset: Type.Integer(),
  hasMore: Type.Boolean(),
});
export type CinemaFeedPage = Static<typeof CinemaFeedPage>;

/** GET /api/cinema/feed/cluster query: how many albums each row shows. */
export const CinemaClusterQuery = Type.Object({
  count: Type.Optional(Type.Integer({ minimum: 1, maximum: CINEMA_PAGE_MAX, default: 12 })),
});
export type CinemaClusterQuery = Static<typeof CinemaClusterQuery>;

/** One row of the cinema home: a category and its hottest albums (rows without albums left out). */
export const CinemaCluster = Type.Object({
  category: CinemaCategory,
  albumList: Type.Array(CinemaAlbumCard),
  hasMore: Type.Boolean(),
});
export type CinemaCluster = Static<typeof CinemaCluster>;

export const CinemaClusters = Type.Object({ clusters: Type.Array(CinemaCluster) });
export type CinemaClusters = Static<typeof CinemaClusters>;

/**
 * One slide of the cinema home's carousel: the highest-scored listed albums with a cover and an
 * episode a visitor can play.
 */
export const CinemaBanner = Type.Object({
  bannerId: Type.String(),
  title: Type.String(),
  /** One line under the title: genres, year and score. */
  subtitle: Type.String(),
  imageUrl: Type.String(),
  album: CinemaAlbumCard,
});
export type CinemaBanner = Static<typeof CinemaBanner>;

export const CinemaBanners = Type.Object({ banners: Type.Array(CinemaBanner) });
export type CinemaBanners = Static<typeof CinemaBanners>;

/** GET /api/channel/getMaterialConfig query: the cinema home asks with channelId '0'. */
export const MaterialConfigQuery = Type.Object({
  channelId: Type.Optional(Type.String({ pattern: '^[0-9]{1,2}$', maxLength: 2, default: '0' })),
});
export type MaterialConfigQuery = Static<typeof MaterialConfigQuery>;

/**
 * One entry tile: a category with albums, linking to its filter page (`link` is the site path
 * without a stream prefix), its cover the cover of its highest-scored album.
 */
export const CinemaMaterial = Type.Object({
  materialId: Type.String(),
  title: Type.String(),
  subtitle: Type.String(),
  imageUrl: Type.String(),
  link: Type.String(),
  pinyin: CinemaPinyin,
});
export type CinemaMaterial = Static<typeof CinemaMaterial>;

export const MaterialConfig = Type.Object({
  channelId: Type.String(),
  materials: Type.Array(CinemaMaterial),
});
export type MaterialConfig = Static<typeof MaterialConfig>;

/** The blocks of GET /api/albumv2/details; `block_ids` is a comma-joined list of them. */
export const ALBUM_BLOCK_IDS = ['info', 'episodes', 'related'] as const;
export type AlbumBlockId = (typeof ALBUM_BLOCK_IDS)[number];

/**
 * GET /api/albumv2/details query. `block_ids` defaults to every block; an id that is not one of
 * ALBUM_BLOCK_IDS is refused with 400.
 */
export const AlbumDetailsQuery = Type.Object({
  album_id: Type.String({ pattern: '^[1-9][0-9]{18}$' }),
  block_ids: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
});
export type AlbumDetailsQuery = Static<typeof AlbumDetailsQuery>;

/** The info block: the card, and what only the details page shows. */
export const AlbumInfo = Type.Object({
  album: CinemaAlbumCard,
  abstract: Type.String(),
  cast: Type.Array(Type.String()),
  /** Seconds since the epoch. */
  publishTime: Type.Integer(),
});
export type AlbumInfo = Static<typeof AlbumInfo>;

/**
 * One episode, in play order. `episodeLabel` is 第N集 / 第N期 for an official episode (N counts
 * the official ones), 正片 for a film's, and 预告 / 看点 / 剪辑 / 花絮 / 片段 otherwise.
 */
export const AlbumEpisodeEntry = Type.Object({
  itemId: Type.String(),
  title: Type.String(),
  coverUrl: Type.String(),
  /** Seconds. */
  duration: Type.Number(),
  seq: Type.Integer(),
  episodeLabel: Type.String(),
  episodeType: Type.String(),
  access: oneOf(EPISODE_ACCESS),
  /** Price of a `paid` episode in fen, else null. */
  priceFen: Type.Union([Type.Integer(), Type.Null()]),
});
export type AlbumEpisodeEntry = Static<typeof AlbumEpisodeEntry>;

/** GET /api/albumv2/details: the asked blocks only (a block not asked for is absent). */
export const AlbumDetails = Type.Object({
  albumId: Type.String(),
  blocks: Type.Object({
    info: Type.Optional(AlbumInfo),
    episodes: Type.Optional(Type.Array(AlbumEpisodeEntry)),
    /** Other listed albums of the same type sharing a genre, highest scored first (at most 12). */
    related: Type.Optional(Type.Array(CinemaAlbumCard)),
  }),
});
export type AlbumDetails = Static<typeof AlbumDetails>;
