import { mkdirSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { MEDIA_PREFIX } from './media-url.ts';

/** Stored media files under the data dir, with byte ranges; a file's uri never changes content. */
export default async function mediaRoutes(app: FastifyInstance, options: { dataDir: string }) {
  const root = path.join(options.dataDir, 'media');
  mkdirSync(root, { recursive: true });
  await app.register(fastifyStatic, {
    root,
    prefix: MEDIA_PREFIX,
    decorateReply: false,
    index: false,
    maxAge: '365d',
    immutable: true,
  });
}
