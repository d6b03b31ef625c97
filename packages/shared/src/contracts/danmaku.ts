import Type, { type Static } from 'typebox';

/**
 * The list call reads 6-minute segments, numbered from 1, of at most 6000 danmaku each; when a
 * segment holds more, each moment keeps its share (decision 013).
 */
export const DANMAKU_SEGMENT_MS = 6 * 60 * 1000;
export const DANMAKU_SEGMENT_MAX = 6000;

/** One danmaku as the `/vpc_danmaku/` calls carry it, and the live topic pushes it. */
export const DanmakuView = Type.Object({
  id: Type.String(),
  item_id: Type.String(),
  offset_ms: Type.Integer(),
  text: Type.String(),
  /** 24-bit RGB. */
  colour: Type.Integer(),
  mode: Type.Union([
    Type.Literal('scroll'),
    Type.Literal('top'),
    Type.Literal('bottom'),
    Type.Literal('reverse'),
  ]),
  /** Font size in CSS px. */
  size: Type.Integer(),
  pool: Type.Union([Type.Literal('normal'), Type.Literal('subtitle'), Type.Literal('special')]),
  sender_id: Type.Union([Type.String(), Type.Null()]),
  /** UTC milliseconds. */
  send_time: Type.Integer(),
  like_count: Type.Integer(),
  /** A built-in sticker's id for a sticker danmaku (its text is then `[name]`); else null. */
  sticker_id: Type.Union([Type.String(), Type.Null()]),
});
export type DanmakuView = Static<typeof DanmakuView>;

export const DanmakuMode = DanmakuView.properties.mode;
export const DanmakuPool = DanmakuView.properties.pool;

/** A user keeps at most this many shield words, each at most SHIELD_MAX_CHARS characters. */
export const SHIELD_MAX_WORDS = 200;
export const SHIELD_MAX_CHARS = 20;

/** One of the signed-in user's danmaku shield words. */
export const ShieldWord = Type.Object({ id: Type.String(), text: Type.String() });
export type ShieldWord = Static<typeof ShieldWord>;
