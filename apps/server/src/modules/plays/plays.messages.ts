import type { FieldMessage } from '../../http/field-messages.ts';

/** What the play reports say. */
export const playsMessages = {
  notFound: '视频不存在',
  notPlayable: '只有视频和剧集可以计入播放',
  itemId: '视频编号格式不正确',
  playedMs: '播放时长须为 0 到一天之间的毫秒数',
};

/** Messages for fields the request schema refuses. */
export const playsFieldMessages: Record<string, FieldMessage> = {
  item_id: { missing: playsMessages.itemId, invalid: playsMessages.itemId },
  played_ms: { missing: playsMessages.playedMs, invalid: playsMessages.playedMs },
};
