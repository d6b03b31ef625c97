import type { MelonClient } from '@melon/shared/client/client';
import type { DanmakuMode } from '@melon/danmaku/model';
import type { DanmakuView } from '@melon/shared/contracts/danmaku';
import { danmakuParams } from './danmaku-params.ts';

export interface SendDanmakuInput {
  item_id: string;
  offset_ms: number;
  text: string;
  colour: number;
  mode: DanmakuMode;
  size: number;
}

/** POST /vpc_danmaku/send/v1/: the stored danmaku, as everyone will see it. */
export async function sendDanmaku(
  client: MelonClient,
  input: SendDanmakuInput,
): Promise<DanmakuView> {
  const data = await client.post<{ danmaku: DanmakuView }>('/vpc_danmaku/send/v1/', {
    ...danmakuParams,
    ...input,
  });
  return data.danmaku;
}
