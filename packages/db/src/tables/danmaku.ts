import type { Generated } from 'kysely';
import type { DanmakuMode, DanmakuPool } from '@melon/shared/danmaku/modes';

/* Row types of the danmaku and what viewers do with them (migration 2026-11-22-003). */

export type DanmakuState = 'visible' | 'deleted' | 'reported';

export interface DanmakuTable {
  id: string;
  item_id: string;
  offset_ms: number;
  /** Plain text, never markup. */
  text: string;
  /** 24-bit RGB, 0–0xFFFFFF. */
  colour: number;
  mode: DanmakuMode;
  /** Font size in px. */
  size: number;
  pool: DanmakuPool;
  /** Null for imported danmaku. */
  sender_id: string | null;
  /** The bilibili userhash of imported danmaku; empty otherwise. */
  sender_hash: Generated<string>;
  send_time: number;
  like_count: Generated<number>;
  state: Generated<DanmakuState>;
  created_at: number;
  /** bilibili's mode 1–9 of an imported danmaku, written back on export; null otherwise. */
  source_mode: number | null;
  /** A built-in sticker's id for a sticker danmaku; null for text. */
  sticker_id: string | null;
}

export interface DanmakuLikesTable {
  danmaku_id: string;
  user_id: string;
}

/** One user's report of a danmaku: one per user and danmaku. */
export interface DanmakuReportsTable {
  id: string;
  danmaku_id: string;
  user_id: string;
  report_type: number;
  report_reason: Generated<string>;
  created_at: number;
}

export interface DanmakuShieldWordsTable {
  id: string;
  user_id: string;
  text: string;
  created_at: number;
}

export interface DanmakuTables {
  danmaku: DanmakuTable;
  danmaku_likes: DanmakuLikesTable;
  danmaku_reports: DanmakuReportsTable;
  danmaku_shield_words: DanmakuShieldWordsTable;
}
