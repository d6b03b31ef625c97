import Type, { type Static } from 'typebox';
import { DANMAKU_APP_NAME } from '../api/constants.ts';
import {
  DANMAKU_MODES,
  DANMAKU_POOLS,
  type DanmakuMode as Mode,
  type DanmakuPool as Pool,
} from '../danmaku/modes.ts';
import { oneOf } from './one-of.ts';

/**
 * The list call reads 6-minute segments, numbered from 1, of at most 6000 danmaku each; when a
 * segment holds more, each moment keeps its share (decision 013).
 */
export const DANMAKU_SEGMENT_MS = 6 * 60 * 1000;
export const DANMAKU_SEGMENT_MAX = 6000;
/**
 * The XML export gives at most this many danmaku of an item: when it holds more, the newest
 * sent, with a note in the file that it was cut (decision 031).
 */
export const DANMAKU_EXPORT_MAX = 30_000;

/** The schemas of the modes and pools of @melon/shared/danmaku/modes. */
export const DanmakuMode = oneOf(DANMAKU_MODES);
export type DanmakuMode = Mode;
export const DanmakuPool = oneOf(DANMAKU_POOLS);
export type DanmakuPool = Pool;

/** One danmaku as the `/vpc_danmaku/` calls carry it, and the live topic pushes it. */
export const DanmakuView = Type.Object({
  id: Type.String(),
  item_id: Type.String(),
  offset_ms: Type.Integer(),
  text: Type.String(),
  /** 24-bit RGB. */
  colour: Type.Integer(),
  mode: DanmakuMode,
  /** Font size in CSS px. */
  size: Type.Integer(),
  pool: DanmakuPool,
  sender_id: Type.Union([Type.String(), Type.Null()]),
  /** UTC milliseconds. */
  send_time: Type.Integer(),
  like_count: Type.Integer(),
  /** A built-in sticker's id for a sticker danmaku (its text is then `[name]`); else null. */
  sticker_id: Type.Union([Type.String(), Type.Null()]),
  /**
   * bilibili's own mode (1–9) of an imported danmaku, absent for one sent on Melon: 7 is an
   * advanced (positioned) danmaku whose text is its parameters as a JSON array, 8 and 9 are code
   * danmaku, kept but never run.
   */
  bilibili_mode: Type.Optional(Type.Integer({ minimum: 1, maximum: 9 })),
});
export type DanmakuView = Static<typeof DanmakuView>;

/**
 * How a send shows what its body leaves out: white, scrolling, bilibili's standard 25 px, in the
 * normal pool.
 */
export const DANMAKU_DEFAULT_STYLE = {
  colour: 0xffffff,
  mode: 'scroll',
  size: 25,
  pool: 'normal',
} as const satisfies Pick<DanmakuView, 'colour' | 'mode' | 'size' | 'pool'>;

/**
 * The built-in stickers a sticker danmaku may carry: an id the client sends and the name that
 * stands in as text (`[name]`) wherever only text is shown (lists, exports, old clients).
 */
export const DANMAKU_STICKERS = [
  { id: 'melon_laugh', name: '大笑' },
  { id: 'melon_cry', name: '哭泣' },
  { id: 'melon_love', name: '爱心' },
  { id: 'melon_doge', name: '狗头' },
  { id: 'melon_clap', name: '鼓掌' },
  { id: 'melon_shock', name: '震惊' },
  { id: 'melon_melon', name: '吃瓜' },
  { id: 'melon_666', name: '666' },
] as const;

export const DanmakuStickerId = oneOf(DANMAKU_STICKERS.map((sticker) => sticker.id));
export type DanmakuStickerId = Static<typeof DanmakuStickerId>;

/** A user keeps at most this many shield words, each at most SHIELD_MAX_CHARS characters. */
export const SHIELD_MAX_WORDS = 200;
export const SHIELD_MAX_CHARS = 20;

/** One of the signed-in user's danmaku shield words. */
export const ShieldWord = Type.Object({ id: Type.String(), text: Type.String() });
export type ShieldWord = Static<typeof ShieldWord>;

/** The ids of Melon's danmaku, items and shield words. */
const Id = Type.String({ pattern: '^[0-9]{1,19}$' });

/**
 * SPEC §7: every danmaku call carries app_name and format in its query, besides aid; the server
 * does not check them further.
 */
export const DanmakuCallQuery = Type.Object({
  app_name: Type.Optional(Type.String()),
  format: Type.Optional(Type.String()),
});

/** The values of DanmakuCallQuery the web app sends with every danmaku call. */
export const DANMAKU_CALL_PARAMS = {
  app_name: DANMAKU_APP_NAME,
  format: 'json',
} as const satisfies Static<typeof DanmakuCallQuery>;

export const DanmakuListQuery = Type.Object({
  ...DanmakuCallQuery.properties,
  item_id: Id,
  /** 1-based; segment 1 when left out. */
  segment_index: Type.Optional(Type.Integer({ minimum: 1, maximum: 10_000 })),
});

export const DanmakuList = Type.Object({ danmaku_list: Type.Array(DanmakuView) });

/** A text danmaku: the style fields DANMAKU_DEFAULT_STYLE stands in for may be left out. */
export const SendDanmakuBody = Type.Object({
  item_id: Id,
  offset_ms: Type.Integer({ minimum: 0 }),
  /** Checked by the text rules (@melon/shared/danmaku/text-rules) after trimming. */
  text: Type.String({ maxLength: 1000 }),
  colour: Type.Optional(Type.Integer({ minimum: 0, maximum: 0xffffff })),
  mode: Type.Optional(DanmakuMode),
  size: Type.Optional(Type.Integer({ minimum: 12, maximum: 64 })),
  pool: Type.Optional(DanmakuPool),
});
export type SendDanmakuBody = Static<typeof SendDanmakuBody>;

/** A reply: a text danmaku, and the danmaku of the same item it answers. */
export const SendDanmakuReplyBody = Type.Object({ ...SendDanmakuBody.properties, reply_to: Id });

/** A sticker danmaku: only its place and mode are chosen (white, standard size, normal pool). */
export const SendStickerDanmakuBody = Type.Object({
  item_id: Id,
  offset_ms: Type.Integer({ minimum: 0 }),
  sticker_id: DanmakuStickerId,
  mode: Type.Optional(DanmakuMode),
});

/** What the three send calls answer: the stored danmaku, as everyone will see it. */
export const DanmakuSent = Type.Object({ danmaku: DanmakuView });

export const DanmakuIdBody = Type.Object({ danmaku_id: Id });

/** SPEC §3 reaction Digg: the only action the action call takes. */
export const DANMAKU_ACTION_LIKE = 1;

export const DanmakuActionBody = Type.Object({ danmaku_id: Id, action_type: Type.Integer() });

/** The danmaku's like count after the action. */
export const DanmakuLikes = Type.Object({ like_count: Type.Integer() });

export const ReportDanmakuBody = Type.Object({
  danmaku_id: Id,
  /** The reason's number in the report menu, from 1. */
  report_type: Type.Integer({ minimum: 0, maximum: 100 }),
  report_reason: Type.Optional(Type.String({ maxLength: 500 })),
});

export const ShieldWordList = Type.Object({ words: Type.Array(ShieldWord) });

/** Longer input than SHIELD_MAX_CHARS is refused with the rule's own message, not a schema error. */
export const AddShieldWordBody = Type.Object({ text: Type.String({ maxLength: 200 }) });

/** The word added, or the same word already kept. */
export const ShieldWordAdded = Type.Object({ word: ShieldWord });

export const DeleteShieldWordBody = Type.Object({ id: Id });

export const DanmakuExportQuery = Type.Object({ item_id: Id });
