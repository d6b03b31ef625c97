import type { namedSizePx } from '@melon/danmaku/model';
import { DANMAKU_DEFAULT_STYLE, type DanmakuMode } from '@melon/shared/contracts/danmaku';

/** The send bar's colour choices (bilibili's palette); any 24-bit colour may be picked too. */
export const colourChoices: readonly number[] = [
  0xffffff, 0xfe0302, 0xff7204, 0xffaa02, 0xffd302, 0xffff00, 0xa0ee00, 0x00cd00, 0x019899,
  0x4266be, 0x89d5ff, 0xcc0273, 0x222222, 0x9b9b9b,
];

/** Positions a viewer may send with; reverse scrolling is for imported pools only. */
export const sendModes: readonly DanmakuMode[] = ['scroll', 'top', 'bottom'];

export type SendSize = keyof typeof namedSizePx;
export const sendSizes: readonly SendSize[] = ['small', 'normal', 'large'];

export interface SendStyle {
  colour: number;
  mode: DanmakuMode;
  size: SendSize;
}

/** The server's default colour and mode, and its default size by name. */
export const defaultSendStyle: SendStyle = {
  colour: DANMAKU_DEFAULT_STYLE.colour,
  mode: DANMAKU_DEFAULT_STYLE.mode,
  size: 'normal',
};

/** `#rrggbb` from an `<input type="color">` as a 24-bit colour; null when malformed. */
export function parseHexColour(value: string): number | null {
  return /^#[0-9a-f]{6}$/i.test(value) ? Number.parseInt(value.slice(1), 16) : null;
}
