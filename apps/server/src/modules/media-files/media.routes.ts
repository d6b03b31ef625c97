import { mkdirSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isMixId } from '@melon/shared/ids/id-rules';
import { forbidden, notFound } from '../../lib/domain-error.ts';
import { withoutCookies } from '../../http/without-cookies.ts';
import { isStorageKey, type MediaStorage } from '../../storage/media-storage.ts';
import { mediaTypeOf } from '../../storage/media-types.ts';
import { canServeFiles } from '../item/item.policy.ts';
import {
  MEDIA_BACKUP_PREFIX,
  MEDIA_PREFIX,
  MEMBER_SEGMENT,
  SIGNED_SEGMENT,
} from '../../storage/media-url.ts';
import {
  PUBLIC_FILE_DIRS,
  VIDEO_DIR,
  videoDirKey,
  videoDirName,
} from '../../storage/media-keys.ts';
import { checkMediaToken, checkMemberMediaToken, signedDir } from './signed-url.ts';
import { EpisodeAccess } from '@melon/db/enums';
import { episodePlayback } from '../membership/membership.service.ts';
import { createPlaybackCache } from '../membership/playback-cache.ts';
import { mediaMessages } from './media.messages.ts';
import { findItemPackage } from './media.repository.ts';
import { sendStoredFile } from './stored-file-reply.ts';

/** Segments and images never change under a given name: cache them for a year. */
export const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable';
/** Manifests are small and revalidated (ETag) on every use. */
export const MANIFEST_CACHE = 'no-cache';
/** A members-only package's files: this browser only, never a shared cache (decision 050). */
export const PRIVATE_SEGMENT_CACHE = 'private, max-age=600';
export const PRIVATE_MANIFEST_CACHE = 'private, no-cache';

/** How long a full-playback answer is kept per session and item. */
const RIGHTS_CACHE_MS = 30_000;

const MANIFESTS = new Set(['.mpd', '.m3u8']);
const FILE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

interface SignedParams {
  expires: string;
  sig: string;
  itemId: string;
  pkg: string;
  '*': string;
}

/** Requests for a members-only package: their files are cached privately. */
const privateRequests = new WeakSet<FastifyRequest>();

/** A uri's path parts. */
const parts = (uri: string): string[] => uri.split('/');

/** The storage key of the item's stored directory when its name is `name`, else null. */
function namedDir(itemId: string, stored: string | null, name: string): string | null {
  const key = videoDirKey(itemId, stored);
  return key?.endsWith(`/${name}`) ? key : null;
}

/** Not an episode, or a free one. */
const isFreeAccess = (access: string | null) => access === null || access === EpisodeAccess.Free;

/** The content type and caching of a stored file, by its name. */
function setMediaHeaders(reply: FastifyReply, file: string): void {
  const type = mediaTypeOf(file);
  if (type) reply.header('content-type', type);
  const manifest = MANIFESTS.has(path.extname(file).toLowerCase());
  const cache = privateRequests.has(reply.request)
    ? manifest
      ? PRIVATE_MANIFEST_CACHE
      : PRIVATE_SEGMENT_CACHE
    : manifest
      ? MANIFEST_CACHE
      : IMMUTABLE_CACHE;
  reply.header('cache-control', cache);
}

/**
 * Stored media files, with byte ranges (206, Accept-Ranges), on a main and a backup prefix.
 * Packaged videos (`v/<item>/<package>/`) are served only through a path token that signs their
 * directory and only while the item's media is ready; a VIP or paid episode's full package only
 * through a member's token (`m/…`, bound to the user, re-checked against the session and the
 * right on each request, cached privately), its preview package through the ordinary one
 * (decision 050); a video's derived files (covers, preview
 * clip, storyboard) are public once it is ready, and so are the files of the public directories
 * (avatars, comment pictures, demo covers); every other key (packages, kept under `private/`,
 * sources, uploads, private files) is 404 here (decision 068). Files on the local disk
 * (under the data dir) are sent by @fastify/static;
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
  const rights = createPlaybackCache({ ttlMs: RIGHTS_CACHE_MS, maxEntries: 10_000 });

  /** The stored media of an item whose files may be served now, or null. */
  const readyMedia = async (itemId: string) => {
    if (!isMixId(itemId)) return null;
    const media = await findItemPackage(app.db, itemId);
    return media && canServeFiles(media) ? media : null;
  };

  /**
   * Whether anyone may fetch the file by name (decision 068): a file directly in one of the
   * public directories (avatars, pictures), or in a ready video's derived directory. Anything
   * else — packages, sources, uploads, private files, a name of another shape — is not there.
   */
  const isPublicFile = async (uri: string): Promise<boolean> => {
    const [top = '', ...rest] = parts(uri);
    if (PUBLIC_FILE_DIRS.has(top)) return rest.length === 1 && FILE_NAME.test(rest[0] ?? '');
    if (top !== VIDEO_DIR || rest.length !== 3) return false;
    const [itemId = '', dirName, file = ''] = rest;
    const media = await readyMedia(itemId);
    return (
      media !== null && videoDirName(itemId, media.derived_dir) === dirName && FILE_NAME.test(file)
    );
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
        const full = media && namedDir(itemId, media.package_dir, pkg);
        const trial = media && namedDir(itemId, media.trial_package_dir, pkg);
        const dir = full ?? trial;
        if (!media || !dir) throw notFound(mediaMessages.mediaNotReady);
        // A VIP or paid episode's full package is served only through its members' URLs.
        if (full && !isFreeAccess(media.access)) throw forbidden(mediaMessages.membersOnly);
        if (!FILE_NAME.test(file)) throw notFound(mediaMessages.fileNotFound);
        return send(request, reply, `${dir}/${file}`);
      },
    );

    // A members-only package (decision 050): the URL names the user it was issued to, and
    // every request re-checks that the session is that user and that they still may watch.
    app.get<{ Params: SignedParams & { userId: string } }>(
      `${prefix}${MEMBER_SEGMENT}/:expires/:userId/:sig/${VIDEO_DIR}/:itemId/:pkg/*`,
      { schema: { hide: true } },
      async (request, reply) => {
        const { expires, userId, sig, itemId, pkg } = request.params;
        const file = request.params['*'];
        const nowMs = Date.now();
        const check = checkMemberMediaToken(
          options.secret,
          { dir: signedDir(itemId, pkg), expires, userId, sig },
          Math.floor(nowMs / 1000),
        );
        if (check === 'expired') throw forbidden(mediaMessages.urlExpired);
        if (check !== 'valid') throw forbidden(mediaMessages.badSignature);
        if (request.user?.id !== userId || !request.sessionIdHash) {
          throw forbidden(mediaMessages.notYourLink);
        }
        const media = await readyMedia(itemId);
        const dir = media && namedDir(itemId, media.package_dir, pkg);
        if (!media || !dir) throw notFound(mediaMessages.mediaNotReady);
        if (!FILE_NAME.test(file)) throw notFound(mediaMessages.fileNotFound);
        const key = `${request.sessionIdHash}:${itemId}`;
        if (!rights.allows(key, nowMs)) {
          const right = await episodePlayback(
            app.db,
            { id: itemId, user_id: media.user_id },
            userId,
            nowMs,
          );
          if (right.playback !== 'full') throw forbidden(mediaMessages.membersOnly);
          rights.allow(key, nowMs, right.until);
        }
        privateRequests.add(request);
        return send(request, reply, `${dir}/${file}`);
      },
    );

    app.get<{ Params: { '*': string } }>(
      `${prefix}*`,
      { schema: { hide: true } },
      async (request, reply) => {
        const uri = request.params['*'];
        const [top] = parts(uri);
        if (top === SIGNED_SEGMENT || top === MEMBER_SEGMENT) {
          throw forbidden(mediaMessages.badSignature);
        }
        if (!(await isPublicFile(uri))) throw notFound(mediaMessages.fileNotFound);
        // Public files (covers, avatars, pictures) come from the CDN when the bucket has one.
        const cdnUrl = remote && isStorageKey(uri) ? remote.publicUrl(uri) : undefined;
        if (cdnUrl) return reply.redirect(cdnUrl, 302);
        return send(request, reply, uri);
      },
    );
  }
}
