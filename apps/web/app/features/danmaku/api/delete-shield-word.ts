import type { MelonClient } from '@melon/shared/client/client';
import { danmakuParams } from './danmaku-params.ts';

/** POST /vpc_danmaku/shield_words/delete/v1/. */
export function deleteShieldWord(client: MelonClient, id: string): Promise<unknown> {
  return client.post<unknown>('/vpc_danmaku/shield_words/delete/v1/', { ...danmakuParams, id });
}
