import type { MelonClient } from '@melon/shared/client/client';
import { danmakuParams } from './danmaku-params.ts';

/** SPEC §3 reaction Digg. */
const DIGG = 1;

/** POST /vpc_danmaku/action/v1/ with action_type 1: likes once; answers the new count. */
export async function likeDanmaku(client: MelonClient, danmakuId: string): Promise<number> {
  const data = await client.post<{ like_count: number }>('/vpc_danmaku/action/v1/', {
    ...danmakuParams,
    danmaku_id: danmakuId,
    action_type: DIGG,
  });
  return data.like_count;
}
