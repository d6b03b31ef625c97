import Type, { type Static } from 'typebox';

/** A channel (category) of the side menu; its pinyin is its path: /channel/:name. */
export const Channel = Type.Object({
  channelId: Type.String(),
  name: Type.String(),
  pinyin: Type.String(),
  parentId: Type.Union([Type.String(), Type.Null()]),
  /** A menu entry may carry its own url (SPEC §2). */
  url: Type.Union([Type.String(), Type.Null()]),
  icon: Type.String(),
});
export type Channel = Static<typeof Channel>;

/** GET /api/channel/list: the side-menu channels in menu order. */
export const ChannelList = Type.Object({ list: Type.Array(Channel) });
export type ChannelList = Static<typeof ChannelList>;

/** GET /api/channel/by_pinyin query. */
export const ChannelByPinyinQuery = Type.Object({
  pinyin: Type.String({ pattern: '^[a-z0-9-]{1,40}$' }),
});
