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

export type DanmakuStickerId = (typeof DANMAKU_STICKERS)[number]['id'];

export function findSticker(id: string): (typeof DANMAKU_STICKERS)[number] | undefined {
  return DANMAKU_STICKERS.find((sticker) => sticker.id === id);
}

/** The text a sticker danmaku stores: its name in brackets, as bilibili writes emotes. */
export const stickerText = (name: string): string => `[${name}]`;
