import type { FastifyInstance } from 'fastify';
import { getEmojiData } from '@melon/shared/calls/emoji.calls';
import { EMOJI } from '@melon/shared/emoji/emoji-list';
import { route } from '../../plugins/app/call-route.ts';

/** The list changes only with a release: browsers and caches may keep it for an hour. */
const EMOJI_CACHE = 'public, max-age=3600';

/** getEmojiData: the site's emoji codes and pictures (packages/shared emoji-list). */
export default function emojiRoutes(app: FastifyInstance): void {
  route(app, getEmojiData, (_input, { reply }) => {
    reply.header('cache-control', EMOJI_CACHE);
    return { emoji_list: EMOJI.map(({ code, name, url }) => ({ code, name, url })) };
  });
}
