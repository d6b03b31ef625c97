import { Channel, ChannelByPinyinQuery, ChannelList } from '../contracts/channel.ts';
import { defineCall } from './call.ts';

/** The side menu's channels in menu order. */
export const getChannelList = defineCall({
  method: 'GET',
  path: '/api/channel/list',
  tag: 'channel',
  summary: '侧边栏频道列表',
  response: ChannelList,
});

/** The channel of a /channel/:name page; 404 when no channel has that pinyin. */
export const getChannelByPinyin = defineCall({
  method: 'GET',
  path: '/api/channel/by_pinyin',
  tag: 'channel',
  summary: '按拼音查找频道',
  query: ChannelByPinyinQuery,
  response: Channel,
});
