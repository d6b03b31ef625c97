import { EmojiData } from '../contracts/emoji.ts';
import { defineCall } from './call.ts';

/** The emoji codes (`[微笑]`) and their pictures, for the comment box and danmaku. */
export const getEmojiData = defineCall({
  method: 'GET',
  path: '/api/otherv2/emoji_data',
  tag: 'config',
  summary: '表情列表（代码、名称与图片）',
  response: EmojiData,
});
