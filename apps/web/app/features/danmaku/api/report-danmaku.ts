import type { MelonClient } from '@melon/shared/client/client';
import { danmakuParams } from './danmaku-params.ts';

/** POST /vpc_danmaku/report/v1/. */
export function reportDanmaku(
  client: MelonClient,
  danmakuId: string,
  reportType: number,
  reportReason: string,
): Promise<unknown> {
  return client.post<unknown>('/vpc_danmaku/report/v1/', {
    ...danmakuParams,
    danmaku_id: danmakuId,
    report_type: reportType,
    report_reason: reportReason,
  });
}
