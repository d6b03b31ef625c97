import type { MelonClient } from '@melon/shared/client/client';
import type { DanmakuView } from '@melon/shared/contracts/danmaku';
import { danmakuParams } from './danmaku-params.ts';

/** GET /vpc_danmaku/list/v1/: one 6-minute segment of an item's danmaku (1-based). */
export async function listDanmaku(
  client: MelonClient,
  itemId: string,
  segmentIndex: number,
): Promise<DanmakuView[]> {
  const data = await client.get<{ danmaku_list: DanmakuView[] }>('/vpc_danmaku/list/v1/', {
    ...danmakuParams,
    item_id: itemId,
    segment_index: segmentIndex,
  });
  return data.danmaku_list;
}
