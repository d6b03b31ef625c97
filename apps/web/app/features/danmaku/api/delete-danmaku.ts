import type { MelonClient } from '@melon/shared/client/client';
import { danmakuParams } from './danmaku-params.ts';

/** POST /vpc_danmaku/delete/v1/: the sender's own danmaku, or any on the author's video. */
export function deleteDanmaku(client: MelonClient, danmakuId: string): Promise<unknown> {
  return client.post<unknown>('/vpc_danmaku/delete/v1/', {
    ...danmakuParams,
    danmaku_id: danmakuId,
  });
}
