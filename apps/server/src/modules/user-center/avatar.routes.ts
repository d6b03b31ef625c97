import multipart from '@fastify/multipart';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AVATAR_MAX_BYTES, AvatarUploaded } from '@melon/shared/contracts/user-center';
import { ApiError, badRequest } from '../../http/api-error.ts';
import { envelopeOf, ErrorEnvelope, ok, RetryLaterEnvelope } from '../../http/envelope.ts';
import { formatWait } from '../../lib/format-wait.ts';
import { byUserOrIp, limitOrRetryLater, RATE_LIMITS } from '../../plugins/app/rate-limits.ts';
import { requireUser } from '../../plugins/app/session.ts';
import { mediaUrl } from '../media/media-url.ts';
import { createAvatarStore, renderAvatar } from './avatar.service.ts';
import { replaceAvatar } from './profile.repository.ts';
import { signedInOnly } from './signed-in-only.ts';
import { userCenterMessages } from './user-center.messages.ts';

const tooLarge = (): ApiError => new ApiError(413, 413, userCenterMessages.avatarTooLarge);

/** Reads the `avatar` part, at most AVATAR_MAX_BYTES; anything past that is not kept. */
async function readAvatarPart(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw badRequest(userCenterMessages.avatarNotMultipart, 'avatar');
  const file = await request.file();
  if (file?.fieldname !== 'avatar') throw badRequest(userCenterMessages.avatarMissing, 'avatar');
  try {
    return await file.toBuffer();
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    throw error;
  }
}

/** POST /web/user/update/upload_avatar/: multipart, still behind the anti-forgery check. */
export default async function avatarRoutes(
  fastify: FastifyInstance,
  options: { dataDir: string },
): Promise<void> {
  await fastify.register(multipart, {
    limits: { fileSize: AVATAR_MAX_BYTES, files: 1, fields: 10, fieldSize: 1024, parts: 12 },
  });
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const store = createAvatarStore(options.dataDir, app.newId);
  const limit = limitOrRetryLater(
    app,
    'user-center.avatar',
    RATE_LIMITS.avatarUpload,
    (s) => userCenterMessages.tooFrequent(formatWait(s)),
    byUserOrIp,
  );

  app.post(
    '/web/user/update/upload_avatar/',
    {
      onRequest: [signedInOnly, limit],
      schema: {
        tags: ['user'],
        summary: '上传头像（multipart 字段 avatar，最大 5 MB）',
        consumes: ['multipart/form-data'],
        response: {
          200: envelopeOf(AvatarUploaded),
          400: ErrorEnvelope,
          401: ErrorEnvelope,
          413: ErrorEnvelope,
          429: RetryLaterEnvelope,
        },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const rendering = await renderAvatar(await readAvatarPart(request));
      if (!rendering.ok) {
        throw badRequest(
          rendering.reason === 'too_many_pixels'
            ? userCenterMessages.avatarTooManyPixels
            : userCenterMessages.avatarNotImage,
          'avatar',
        );
      }
      const uri = await store.save(user.id, rendering.webp);
      await store.remove(await replaceAvatar(app.db, user.id, uri));
      return ok({ avatar_url: mediaUrl(uri) });
    },
  );
}
