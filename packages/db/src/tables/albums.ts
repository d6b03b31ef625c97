import type { Generated } from 'kysely';
import type { Flag } from '../database.ts';
import type { AlbumType, EpisodeAccess, EpisodeType, SequenceType } from '../enums.ts';

/* Row types of the albums and their episodes (migration 2026-11-22-001). */

export interface AlbumsTable {
  /** The album's own item (item type 24). */
  item_id: string;
  album_type: AlbumType;
  sequence_type: Generated<SequenceType>;
  year: number | null;
  area: Generated<string>;
  total_episodes: number | null;
  pinyin: Generated<string>;
  /** Chinese genre names, comma-separated (`剧情,爱情`). */
  genres: Generated<string>;
  /** Tenths: 86 is 8.6; 0 is unrated. */
  score: Generated<number>;
  /** Cast names, comma-separated. */
  cast_names: Generated<string>;
  /** 1 when any episode is for members only (the filter's 会员 / 免费). */
  vip: Generated<Flag>;
}

export interface AlbumEpisodesTable {
  album_id: string;
  /** The episode's item (item type 25). */
  item_id: string;
  seq: number;
  episode_type: Generated<EpisodeType>;
  /** End of the opening, for "skip opening". */
  opening_ms: number | null;
  /** Start of the ending, for "skip ending". */
  ending_ms: number | null;
  /** free; vip: members only; paid: bought one by one (price_fen), by members too. */
  access: Generated<EpisodeAccess>;
  price_fen: number | null;
}

/**
 * The cinema's change log (migration 2026-12-07-033): an album whose listing, filter values,
 * sort keys or card may have changed, one row a write, written by triggers. PostgreSQL's rows
 * also keep their transaction (`xid`, read through SQL of its own).
 */
export interface CinemaChangesTable {
  id: Generated<number>;
  album_id: string;
  /** When the row was written, by the database's clock. */
  changed_at: Generated<number>;
}

export interface AlbumTables {
  albums: AlbumsTable;
  album_episodes: AlbumEpisodesTable;
  cinema_changes: CinemaChangesTable;
}
