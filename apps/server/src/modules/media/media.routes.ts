import { mkdirSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isMixId } from '@melon/shared/ids/id-rules';
import { forbidden, notFound } from '../../lib/domain-error.ts';
import { withoutCookies } from '../../http/without-cookies.ts';
import { isStorageKey, type MediaStorage } from '../../storage/media-storage.ts';
import { canServeFiles } from '../item/item.policy.ts';
import {
  MEDIA_BACKUP_PREFIX,
  MEDIA_PREFIX,
  SIGNED_SEGMENT,
  VIDEO_DIR,
  videoDirName,
} from './media-url.ts';
import { checkMediaToken, signedDir } from './signed-url.ts';
import { mediaMessages } from './media.messages.ts';
import { findItemPackage } from './media.repository.ts';
import { sendStoredFile } from './stored-file-reply.ts';

/** Segments and images never change under a given name: cache them for a year. */
export const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable';
/** Manifests are small and revalidated (ETag) on every use. */
export const MANIFEST_CACHE = 'no-cache';

const CONTENT_TYPES: Record<string, string> = {
  '.mpd': 'application/dash+xml',
  '.m3u8': 'application/vnd.apple.mpegurl',
  '.m4s': 'video/iso.segment',
  '.mp4': 'video/mp4',
  '.vtt': 'text/vtt; charset=utf-8',
  '.webp': 'image/webp',
  '.jpg': 'image/jpeg',
  '.png': 'image/png',
};
const MANIFESTS = new Set(['.mpd', '.m3u8']);
const FILE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

interface SignedParams {
  expires: string;
  sig: string;
  itemId: string;
  pkg: string;
  '*': string;
}

/** The content type and caching of a stored file, by its name. */
function setMediaHeaders(reply: FastifyReply, file: string): void {
  const extension = path.extname(file).toLowerCase();
  const type = CONTENT_TYPES[extension];
  if (type) reply.header('content-type', type);
  reply.header('cache-control', MANIFESTS.has(extension) ? MANIFEST_CACHE : IMMUTABLE_CACHE);
}

/**
 * Stored media files, with byte ranges (206, Accept-Ranges), on a main and a backup prefix.
 * Packaged videos (`v/<item>/<package>/`) are served only through a path token that signs their
 * directory and only while the item's media is ready; a video's derived files (covers, preview
 * clip, storyboard) are public once it is ready; everything else (avatars, demo covers) is
 * public as before. Files on the local disk (under the data dir) are sent by @fastify/static;
 * from an S3 store they are streamed through this process, or, for public files when the bucket
 * has a public base URL (a CDN), redirected there (decision 041).
 */
export default async function mediaRoutes(
  app: FastifyInstance,
  options: { dataDir: string; secret: Buffer; storage?: MediaStorage | undefined },
) {
  const root = path.join(options.dataDir, 'media');
  mkdirSync(root, { recursive: true });
  await app.register(fastifyStatic, {
    root,
    serve: false,
    index: false,
    setHeaders: setMediaHeaders,
  });
  const remote = options.storage?.engine === 's3' ? options.storage : undefined;
  const send = (request: FastifyRequest, reply: FastifyReply, key: string) => {
    if (!remote) return reply.sendFile(key);
    setMediaHeaders(reply, key);
    return sendStoredFile(reply, remote, key, request.headers);
  };

  app.addHook('onSend', withoutCookies);

  /** The stored media of an item whose files may be served now, or null. */
  const readyMedia = async (itemId: string) => {
    if (!isMixId(itemId)) return null;
    const media = await findItemPackage(app.db, itemId);
    return media && canServeFiles(media) ? media : null;
  };

  for (const prefix of [MEDIA_PREFIX, MEDIA_BACKUP_PREFIX]) {
    app.get<{ Params: SignedParams }>(
      `${prefix}${SIGNED_SEGMENT}/:expires/:sig/${VIDEO_DIR}/:itemId/:pkg/*`,
      { schema: { hide: true } },
      async (request, reply) => {
        const { expires, sig, itemId, pkg } = request.params;
        const file = request.params['*'];
        const check = checkMediaToken(
          options.secret,
          { dir: signedDir(itemId, pkg), expires, sig },
          Math.floor(Date.now() / 1000),
        );
        if (check === 'expired') throw forbidden(mediaMessages.urlExpired);
        if (check !== 'valid') throw forbidden(mediaMessages.badSignature);
        const media = await readyMedia(itemId);
        if (!media || videoDirName(itemId, media.package_dir) !== pkg) {
          throw notFound(mediaMessages.mediaNotReady);
        }
        if (!FILE_NAME.test(file)) throw notFound(mediaMessages.fileNotFound);
        return send(request, reply, `${VIDEO_DIR}/${itemId}/${pkg}/${file}`);
      },
    );

    app.get<{ Params: { '*': string } }>(
      `${prefix}*`,
      { schema: { hide: true } },
      async (request, reply) => {
        const uri = request.params['*'];
        const parts = uri.split('/');
        if (
          parts.some((part) => part === '' || part === '.' || part === '..' || part.includes('\\'))
        ) {
          throw notFound(mediaMessages.fileNotFound);
        }
        if (parts[0] === SIGNED_SEGMENT) throw forbidden(mediaMessages.badSignature);
        if (parts[0] === VIDEO_DIR) {
          const [, itemId = '', dirName, file = ''] = parts;
          const media = await readyMedia(itemId);
          const derived = media && videoDirName(itemId, media.derived_dir);
          if (parts.length !== 4 || !derived || dirName !== derived || !FILE_NAME.test(file)) {
            throw notFound(mediaMessages.fileNotFound);
          }
        }
        // Public files (covers, avatars, pictures) come from the CDN when the bucket has one.
        const cdnUrl = remote && isStorageKey(uri) ? remote.publicUrl(uri) : undefined;
        if (cdnUrl) return reply.redirect(cdnUrl, 302);
        return send(request, reply, uri);
      },
    );
  }
}
