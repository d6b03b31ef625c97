import type { MelonClient } from '@melon/shared/client/client';
import type { DanmakuView } from '@melon/shared/contracts/danmaku';
import { danmakuParams } from './danmaku-params.ts';

export interface SendReplyInput {
  item_id: string;
  offset_ms: number;
  text: string;
  reply_to: string;
}

/** POST /vpc_danmaku/send_reply/v1/: a danmaku starting 回复 @昵称： under the one replied to. */
export async function sendDanmakuReply(
  client: MelonClient,
  input: SendReplyInput,
): Promise<DanmakuView> {
  const data = await client.post<{ danmaku: DanmakuView }>('/vpc_danmaku/send_reply/v1/', {
    ...danmakuParams,
    ...input,
  });
  return data.danmaku;
}
