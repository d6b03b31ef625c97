/**
 * The side menu every Melon site starts with. Ids are fixed so links and the feed's
 * `channelId` stay stable; 1 is the recommend feed of the home page, 109 is live (SPEC §3).
 */
export const RECOMMEND_CHANNEL_ID = 1;
export const LIVE_CHANNEL_ID = 109;

export const DEFAULT_CHANNELS = [
  { id: RECOMMEND_CHANNEL_ID, name: '推荐', pinyin: 'tuijian', icon: 'recommend' },
  { id: 2, name: '影视', pinyin: 'yingshi', icon: 'film' },
  { id: 3, name: '游戏', pinyin: 'youxi', icon: 'game' },
  { id: 4, name: '音乐', pinyin: 'yinyue', icon: 'music' },
  { id: 5, name: '美食', pinyin: 'meishi', icon: 'food' },
  { id: 6, name: '知识', pinyin: 'zhishi', icon: 'knowledge' },
  { id: 7, name: '体育', pinyin: 'tiyu', icon: 'sport' },
  { id: 8, name: '生活', pinyin: 'shenghuo', icon: 'life' },
  { id: 9, name: '动漫', pinyin: 'dongman', icon: 'anime' },
  { id: 10, name: '科技', pinyin: 'keji', icon: 'tech' },
  { id: LIVE_CHANNEL_ID, name: '直播', pinyin: 'zhibo', icon: 'live' },
  { id: 200, name: '会员', pinyin: 'huiyuan', icon: 'vip', url: '/vip-center' },
] as const;
