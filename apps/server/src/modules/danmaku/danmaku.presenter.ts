import { writeBilibiliXml, type WritableDanmaku } from '@melon/danmaku/bilibili-xml';
import type { DanmakuView } from '@melon/shared/contracts/danmaku';
import type { DanmakuRow } from './danmaku.repository.ts';

/** A stored danmaku as the calls answer it and the live topic pushes it. */
export function presentDanmaku(row: DanmakuRow): DanmakuView {
  return {
    id: row.id,
    item_id: row.item_id,
    offset_ms: row.offset_ms,
    text: row.text,
    colour: row.colour,
    mode: row.mode,
    size: row.size,
    pool: row.pool,
    sender_id: row.sender_id,
    send_time: row.send_time,
    like_count: row.like_count,
    sticker_id: row.sticker_id,
    ...(row.source_mode === null ? {} : { bilibili_mode: row.source_mode }),
  };
}

/** A stored danmaku as bilibili XML writes it, with the mode and sender hash it was imported with. */
function bilibiliOf(row: DanmakuRow): WritableDanmaku {
  return {
    id: row.id,
    time: row.offset_ms,
    text: row.text,
    colour: row.colour,
    mode: row.mode,
    size: row.size,
    pool: row.pool,
    own: false,
    sendTime: row.send_time,
    likes: row.like_count,
    userHash: row.sender_hash,
    ...(row.source_mode === null ? {} : { bilibiliMode: row.source_mode }),
  };
}

/** The export's document: the danmaku in the order given, after the note if there is one. */
export const presentBilibiliXml = (rows: readonly DanmakuRow[], note: string): string =>
  writeBilibiliXml(rows.map(bilibiliOf), note);
