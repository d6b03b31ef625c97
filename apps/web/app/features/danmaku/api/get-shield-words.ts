import type { MelonClient } from '@melon/shared/client/client';
import type { ShieldWord } from '@melon/shared/contracts/danmaku';
import { danmakuParams } from './danmaku-params.ts';

/** GET /vpc_danmaku/shield_words/v1/: the signed-in viewer's shield words. */
export async function getShieldWords(client: MelonClient): Promise<ShieldWord[]> {
  const data = await client.get<{ words: ShieldWord[] }>(
    '/vpc_danmaku/shield_words/v1/',
    danmakuParams,
  );
  return data.words;
}
