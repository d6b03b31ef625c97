import { DANMAKU_STICKERS } from '@melon/shared/contracts/danmaku';

/** The built-in sticker of that id (the send call's body names one of DANMAKU_STICKERS). */
export function findSticker(id: string): (typeof DANMAKU_STICKERS)[number] | undefined {
  return DANMAKU_STICKERS.find((sticker) => sticker.id === id);
}

/** The text a sticker danmaku stores: its name in brackets, as bilibili writes emotes. */
export const stickerText = (name: string): string => `[${name}]`;
