import Type, { type Static } from 'typebox';
import { LiveDanmaku } from './realtime.ts';

/**
 * One danmaku as the `/vpc_danmaku/` calls carry it: the shape the live topic pushes too.
 * `colour` is 24-bit RGB, `size` the font size in CSS px, `send_time` UTC milliseconds and
 * `sticker_id` a built-in sticker's id for a sticker danmaku (its text is then `[name]`), else null.
 */
export const DanmakuView = LiveDanmaku;
export type DanmakuView = Static<typeof DanmakuView>;

export const DanmakuMode = DanmakuView.properties.mode;
export const DanmakuPool = DanmakuView.properties.pool;

/** One of the signed-in user's danmaku shield words. */
export const ShieldWord = Type.Object({ id: Type.String(), text: Type.String() });
export type ShieldWord = Static<typeof ShieldWord>;
