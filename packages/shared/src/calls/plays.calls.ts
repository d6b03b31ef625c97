import { AddPlayBody, PlayAdded } from '../contracts/plays.ts';
import { defineCall } from './call.ts';

/**
 * A play (decision 039): the player sends it once per item it opens, after 3 s of playback,
 * for visitors too. It runs in the background: nothing prompts or redirects.
 */
export const addPlay = defineCall({
  method: 'POST',
  path: '/api/videov2/add_play',
  tag: 'plays',
  summary: '记录一次播放（播放满 3 秒后）',
  body: AddPlayBody,
  response: PlayAdded,
  onUnauthorized: 'ignore',
  rateLimit: 'play',
});
