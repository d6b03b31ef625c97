import type { Insertable, Kysely } from 'kysely';
import { lockUser } from '@melon/db/lock-user';
import type { Database } from '@melon/db/database';
import type { DanmakuTable } from '@melon/db/tables/danmaku';
import { modeFromBilibili, parseBilibiliXml } from '@melon/danmaku/bilibili-xml';
import { sizeToPx } from '@melon/danmaku/model';
import {
  DANMAKU_EXPORT_MAX,
  DANMAKU_SEGMENT_MAX,
  DANMAKU_SEGMENT_MS,
  SHIELD_MAX_CHARS,
  SHIELD_MAX_WORDS,
  type DanmakuView,
  type ShieldWord,
} from '@melon/shared/contracts/danmaku';
import type { ReportFiled } from '@melon/shared/contracts/report';
import type { DanmakuMode, DanmakuPool } from '@melon/shared/danmaku/modes';
import { hasForbiddenChars } from '@melon/shared/danmaku/text-rules';
import { codePointLength } from '@melon/shared/format/code-point-length';
import { forbidden, invalid, notFound, tooFrequent } from '../../lib/domain-error.ts';
import { formatWait } from '../../lib/format-wait.ts';
import { canEdit, type ViewerId } from '../item/item.policy.ts';
import { findItem, moveItemCounter } from '../item/item.repository.ts';
import { findViewableItem } from '../item/item.service.ts';
import type { DanmakuEvents } from './danmaku.events.ts';
import { danmakuMessages } from './danmaku.messages.ts';
import { presentBilibiliXml, presentDanmaku } from './danmaku.presenter.ts';
import { findSticker, stickerText } from './danmaku-stickers.ts';
import { checkText } from './danmaku-text.ts';
import {
  addLikeCount,
  countShieldWords,
  deleteShieldWord,
  deleteVisibleDanmaku,
  findDanmaku,
  findLikeCount,
  findSenderName,
  findShieldWord,
  insertDanmaku,
  insertLikeOnce,
  insertReportOnce,
  insertShieldWord,
  listSegment,
  listShieldWords,
  newestVisible,
  recentSends,
  type DanmakuRow,
} from './danmaku.repository.ts';
import { isBlockedBy } from '../follow/follow.repository.ts';

/** A user sends at most one danmaku a second and 30 a minute. */
export const SEND_LIMITS = { perSecond: 1, perMinute: 30 } as const;
const IMPORT_BATCH = 500;

export interface SendInput {
  itemId: string;
  offsetMs: number;
  text: string;
  colour: number;
  mode: DanmakuMode;
  size: number;
  pool: DanmakuPool;
  /** A built-in sticker instead of text; `text` is then ignored. */
  stickerId?: string;
  /** A reply to this danmaku of the same item: the text gets the `回复 @name：` prefix. */
  replyTo?: string;
}

/** Only the video's author sends to the subtitle and special pools. */
const AUTHOR_POOLS: ReadonlySet<DanmakuPool> = new Set(['subtitle', 'special']);

export interface DanmakuServiceDeps {
  db: Kysely<Database>;
  newId: () => string;
  /** Date.now when left out. */
  clock?: () => number;
  /** Where sends, likes and deletes are announced (the realtime gateway); nowhere by default. */
  events?: DanmakuEvents;
}

export function createDanmakuService({ db, newId, clock = Date.now, events }: DanmakuServiceDeps) {
  /** The item when the viewer may see it; a hidden item is answered as an unknown one. */
  async function requireItem(itemId: string, viewerId: ViewerId) {
    const item = await findViewableItem(db, itemId, viewerId);
    if (!item) throw notFound(danmakuMessages.itemNotFound);
    return item;
  }

  /**
   * A danmaku not deleted, of an item the viewer may see, and that item: the danmaku of a
   * hidden item are answered as unknown danmaku.
   */
  async function requireDanmaku(id: string, viewerId: ViewerId) {
    const row = await findDanmaku(db, id);
    const item =
      row && row.state !== 'deleted'
        ? await findViewableItem(db, row.item_id, viewerId)
        : undefined;
    if (!row || !item) throw notFound(danmakuMessages.danmakuNotFound);
    return { row, item };
  }

  /** Seconds to wait before the user may send again; 0 when they may now. */
  async function sendWait(trx: Kysely<Database>, userId: string, now: number): Promise<number> {
    const sends = await recentSends(trx, userId, now - 60_000);
    let waitMs = 0;
    const lastSecond = sends.filter((t) => t > now - 1000);
    if (lastSecond.length >= SEND_LIMITS.perSecond) {
      waitMs = Math.max(waitMs, (lastSecond[SEND_LIMITS.perSecond - 1] ?? now) + 1000 - now);
    }
    if (sends.length >= SEND_LIMITS.perMinute) {
      waitMs = Math.max(waitMs, (sends[SEND_LIMITS.perMinute - 1] ?? now) + 60_000 - now);
    }
    return waitMs > 0 ? Math.max(1, Math.ceil(waitMs / 1000)) : 0;
  }

  /** The text to store: the checked text, a sticker's `[name]`, or a reply's prefixed text. */
  async function textOf(userId: string, input: SendInput): Promise<string> {
    if (input.stickerId !== undefined) {
      const sticker = findSticker(input.stickerId);
      if (!sticker) throw invalid(danmakuMessages.unknownSticker, 'sticker_id');
      return stickerText(sticker.name);
    }
    const text = checkText(input.text);
    if (input.replyTo === undefined) return text;
    const { row: target } = await requireDanmaku(input.replyTo, userId);
    if (target.item_id !== input.itemId) {
      throw invalid(danmakuMessages.replyOtherItem, 'reply_to');
    }
    // The prefix counts towards the 100 characters.
    return checkText(`回复 @${await senderName(target)}：${text}`);
  }

  /** The author's display name, for the `回复 @name：` prefix of a reply. */
  async function senderName(row: DanmakuRow): Promise<string> {
    if (row.sender_id === null) return row.sender_hash || '匿名';
    return (await findSenderName(db, row.sender_id)) ?? '匿名';
  }

  return {
    async list(itemId: string, segmentIndex: number, viewerId: ViewerId): Promise<DanmakuView[]> {
      await requireItem(itemId, viewerId);
      const from = (segmentIndex - 1) * DANMAKU_SEGMENT_MS;
      const rows = await listSegment(
        db,
        itemId,
        from,
        from + DANMAKU_SEGMENT_MS,
        DANMAKU_SEGMENT_MAX,
      );
      return rows.map(presentDanmaku);
    },

    /**
     * Stores a danmaku within the send limits. The limit check and the insert run in one
     * transaction that first locks the sender, so concurrent sends of one user queue up and
     * only those within the limits are stored.
     */
    async send(userId: string, input: SendInput): Promise<DanmakuView> {
      const text = await textOf(userId, input);
      const item = await requireItem(input.itemId, userId);
      if (await isBlockedBy(db, item.user_id, userId)) {
        throw forbidden(danmakuMessages.blockedByAuthor);
      }
      if (AUTHOR_POOLS.has(input.pool) && !canEdit(item, userId)) {
        throw forbidden(danmakuMessages.poolAuthorOnly);
      }
      if (input.offsetMs > item.duration_ms) {
        throw invalid(danmakuMessages.offsetOutOfRange, 'offset_ms');
      }
      const id = newId();
      await db.transaction().execute(async (trx) => {
        await lockUser(trx, userId);
        const now = clock();
        const wait = await sendWait(trx, userId, now);
        if (wait > 0) throw tooFrequent(danmakuMessages.tooFrequent(formatWait(wait)), wait);
        const row: Insertable<DanmakuTable> = {
          id,
          item_id: item.id,
          offset_ms: input.offsetMs,
          text,
          colour: input.colour,
          mode: input.mode,
          size: input.size,
          pool: input.pool,
          sender_id: userId,
          send_time: now,
          created_at: now,
          sticker_id: input.stickerId ?? null,
        };
        await insertDanmaku(trx, row);
        await moveItemCounter(trx, item.id, 'danmaku_count', 1);
      });
      const stored = await findDanmaku(db, id);
      if (!stored) throw new Error(`danmaku ${id} not stored`);
      const sent = presentDanmaku(stored);
      events?.sent(sent);
      return sent;
    },

    async remove(userId: string, id: string): Promise<void> {
      const { row, item } = await requireDanmaku(id, userId);
      if (row.sender_id !== userId && !canEdit(item, userId)) {
        throw forbidden(danmakuMessages.notYours);
      }
      // Only the delete that finds the danmaku still visible takes it off the item's count.
      await db.transaction().execute(async (trx) => {
        if (await deleteVisibleDanmaku(trx, id)) {
          await moveItemCounter(trx, row.item_id, 'danmaku_count', -1);
        }
      });
      events?.deleted(row.item_id, id);
    },

    /** Likes once per user; answers the like count after. */
    async like(userId: string, id: string): Promise<number> {
      const { row: danmaku } = await requireDanmaku(id, userId);
      const { likeCount, changed } = await db.transaction().execute(async (trx) => {
        const changed = await insertLikeOnce(trx, id, userId);
        if (changed) await addLikeCount(trx, id);
        return { likeCount: await findLikeCount(trx, id), changed };
      });
      if (changed) events?.liked(danmaku.item_id, id, likeCount);
      return likeCount;
    },

    /** Stores a report once per user and danmaku; a repeat stores nothing and says so. */
    async report(
      userId: string,
      id: string,
      reportType: number,
      reason: string,
    ): Promise<ReportFiled> {
      await requireDanmaku(id, userId);
      const stored = await insertReportOnce(db, {
        id: newId(),
        danmaku_id: id,
        user_id: userId,
        report_type: reportType,
        report_reason: reason.trim().slice(0, 500),
        created_at: clock(),
      });
      return { already_reported: !stored };
    },

    async shieldWords(userId: string): Promise<ShieldWord[]> {
      return listShieldWords(db, userId);
    },

    async addShieldWord(userId: string, raw: string): Promise<ShieldWord> {
      const text = raw.trim();
      if (text.length === 0) throw invalid(danmakuMessages.shieldEmpty, 'text');
      if (codePointLength(text) > SHIELD_MAX_CHARS) {
        throw invalid(danmakuMessages.shieldTooLong, 'text');
      }
      if (hasForbiddenChars(text)) throw invalid(danmakuMessages.shieldForbidden, 'text');
      // The look-up, the count and the insert in one transaction that first locks the user:
      // adds at the same moment queue up, so the same word is stored once and the list stays
      // within its limit.
      return db.transaction().execute(async (trx) => {
        await lockUser(trx, userId);
        const existing = await findShieldWord(trx, userId, text);
        if (existing) return existing;
        if ((await countShieldWords(trx, userId)) >= SHIELD_MAX_WORDS) {
          throw invalid(danmakuMessages.shieldFull, 'text');
        }
        const word = { id: newId(), text };
        await insertShieldWord(trx, userId, word, clock());
        return word;
      });
    },

    async deleteShieldWord(userId: string, id: string): Promise<void> {
      if (!(await deleteShieldWord(db, userId, id))) {
        throw notFound(danmakuMessages.shieldNotFound);
      }
    },

    /**
     * The item's visible danmaku as bilibili XML in time order: all of them, or the newest
     * DANMAKU_EXPORT_MAX sent and a note that the file was cut.
     */
    async exportXml(itemId: string, viewerId: ViewerId): Promise<string> {
      await requireItem(itemId, viewerId);
      const rows = await newestVisible(db, itemId, DANMAKU_EXPORT_MAX + 1);
      const cut = rows.length > DANMAKU_EXPORT_MAX;
      const kept = rows.slice(0, DANMAKU_EXPORT_MAX);
      kept.sort((a, b) => a.offset_ms - b.offset_ms || (a.id < b.id ? -1 : 1));
      return presentBilibiliXml(kept, cut ? danmakuMessages.exportCut(DANMAKU_EXPORT_MAX) : '');
    },
  };
}

export type DanmakuService = ReturnType<typeof createDanmakuService>;

export interface ImportResult {
  total: number;
  /** Count per bilibili mode (1–9) as found in the file. */
  byBilibiliMode: Record<number, number>;
  /** Count per stored mode. */
  byMode: Record<DanmakuMode, number>;
}

/**
 * Imports a bilibili XML document into the item: parsed whole with the codec first (a malformed
 * file stores nothing and the error says the line and column), then inserted in one transaction
 * in batches. Modes 7–9 are kept as plain top text; text stays plain text.
 */
export async function importBilibiliXml(
  db: Kysely<Database>,
  itemId: string,
  xmlText: string,
  newId: () => string,
  now: number = Date.now(),
): Promise<ImportResult> {
  const item = await findItem(db, itemId);
  if (!item) throw notFound(danmakuMessages.itemNotFound);
  const parsed = parseBilibiliXml(xmlText);
  const result: ImportResult = {
    total: parsed.length,
    byBilibiliMode: {},
    byMode: { scroll: 0, top: 0, bottom: 0, reverse: 0 },
  };
  const rows: Insertable<DanmakuTable>[] = parsed.map((d) => {
    const mode = modeFromBilibili(d.bilibiliMode);
    result.byBilibiliMode[d.bilibiliMode] = (result.byBilibiliMode[d.bilibiliMode] ?? 0) + 1;
    result.byMode[mode] += 1;
    return {
      id: newId(),
      item_id: itemId,
      offset_ms: Math.max(0, Math.round(d.time)),
      text: d.text,
      colour: d.colour & 0xffffff,
      mode,
      size: sizeToPx(d.size),
      pool: d.pool,
      sender_id: null,
      sender_hash: d.userHash,
      send_time: d.sendTime,
      created_at: now,
      source_mode: d.bilibiliMode,
    };
  });
  await db.transaction().execute(async (trx) => {
    for (let i = 0; i < rows.length; i += IMPORT_BATCH) {
      await insertDanmaku(trx, rows.slice(i, i + IMPORT_BATCH));
    }
    await moveItemCounter(trx, itemId, 'danmaku_count', rows.length);
  });
  return result;
}
