import type { MelonClient } from '@melon/shared/client/client';
import type { ShieldWord } from '@melon/shared/contracts/danmaku';
import { danmakuParams } from './danmaku-params.ts';

/** POST /vpc_danmaku/shield_words/add/v1/. */
export async function addShieldWord(client: MelonClient, text: string): Promise<ShieldWord> {
  const data = await client.post<{ word: ShieldWord }>('/vpc_danmaku/shield_words/add/v1/', {
    ...danmakuParams,
    text,
  });
  return data.word;
}
