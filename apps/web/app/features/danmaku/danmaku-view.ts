import type { DanmakuMode, DanmakuPool } from '@melon/danmaku/model';

/** One danmaku as the `/vpc_danmaku/` calls and the live topic carry it. */
export interface DanmakuView {
  id: string;
  item_id: string;
  offset_ms: number;
  text: string;
  /** 24-bit RGB. */
  colour: number;
  mode: DanmakuMode;
  /** Font size in CSS px (12–64). */
  size: number;
  pool: DanmakuPool;
  sender_id: string | null;
  /** UTC milliseconds. */
  send_time: number;
  like_count: number;
}

export interface ShieldWord {
  id: string;
  text: string;
}
