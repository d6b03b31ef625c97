/** Codes of SPEC §3 as stored in the database. */

export const ItemType = {
  ShortVideo: 0,
  Album: 24,
  Episode: 25,
  Series: 26,
  PSeries: 149,
} as const;
export type ItemType = (typeof ItemType)[keyof typeof ItemType];

export const Visibility = {
  Delete: 10,
  Self: 15,
  Homepage: 20,
  LimitPartAllowFeed: 40,
  LimitPartLimitFeed: 45,
  LimitPart: 49,
  All: 60,
  AllPartLimitFeed: 65,
  /** The spec lists 69 as "all" beside 60; what tells them apart is not shown. */
  All69: 69,
} as const;
export type Visibility = (typeof Visibility)[keyof typeof Visibility];

export const AlbumType = {
  Movie: 1,
  TV: 2,
  Anime: 3,
  VarietyShow: 4,
  Documentary: 5,
  ShortFilm: 6,
  MicroFilm: 7,
  Child: 13,
  Game: 14,
  News: 15,
  Sport: 16,
  Music: 17,
} as const;
export type AlbumType = (typeof AlbumType)[keyof typeof AlbumType];

export const EpisodeType = {
  Official: 'official',
  Trailer: 'trailer',
  Focus: 'focus',
  Edit: 'edit',
  Footage: 'footage',
  Raw: 'raw',
} as const;
export type EpisodeType = (typeof EpisodeType)[keyof typeof EpisodeType];

/** Who may play an album episode in full (issue 15). */
export const EpisodeAccess = {
  Free: 'free',
  Vip: 'vip',
  Paid: 'paid',
} as const;
export type EpisodeAccess = (typeof EpisodeAccess)[keyof typeof EpisodeAccess];

/** How an album counts its parts: 集 (episode) or 期 (period). */
export const SequenceType = {
  Episode: 'episode',
  Period: 'period',
} as const;
export type SequenceType = (typeof SequenceType)[keyof typeof SequenceType];

/** A series item is a 合集 (item type 26) or a pseries (item type 149). */
export const SeriesKind = {
  Series: 'series',
  PSeries: 'pseries',
} as const;
export type SeriesKind = (typeof SeriesKind)[keyof typeof SeriesKind];
