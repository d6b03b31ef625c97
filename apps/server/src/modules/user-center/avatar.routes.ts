import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { uploadAvatar } from '@melon/shared/calls/user-center.calls';
import { AVATAR_MAX_BYTES } from '@melon/shared/contracts/user-center';
import { DomainError, invalid, tooLarge } from '../../lib/domain-error.ts';
import { route } from '../../plugins/app/call-route.ts';
import { createAvatarService } from './avatar.service.ts';
import { presentAvatar } from './user-center.presenter.ts';
import { userCenterMessages } from './user-center.messages.ts';

/**
 * A failure while reading the form, in the user's words: past the size limit a 413; the
 * multipart plugin's own limits keep their status; the parser's failures (no or an empty
 * boundary, a body cut short, garbage) carry no status and are the sender's: a 400.
 */
function readFailure(error: unknown): unknown {
  const { code, statusCode } = error as { code?: string; statusCode?: number };
  if (code === 'FST_REQ_FILE_TOO_LARGE') return tooLarge(userCenterMessages.avatarTooLarge);
  if (statusCode !== undefined) return error;
  return invalid(userCenterMessages.avatarUnreadable, 'avatar');
}

/** Reads the `avatar` part, at most AVATAR_MAX_BYTES; anything past that is not kept. */
async function readAvatarPart(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw invalid(userCenterMessages.avatarNotMultipart, 'avatar');
  try {
    const file = await request.file();
    if (file?.fieldname !== 'avatar') throw invalid(userCenterMessages.avatarMissing, 'avatar');
    return await file.toBuffer();
  } catch (error) {
    if (error instanceof DomainError) throw error;
    throw readFailure(error);
  }
}

/** uploadAvatar: multipart, still behind the anti-forgery check. */
export default async function avatarRoutes(
  app: FastifyInstance,
  options: { dataDir: string },
): Promise<void> {
  await app.register(multipart, {
    limits: { fileSize: AVATAR_MAX_BYTES, files: 1, fields: 10, fieldSize: 1024, parts: 12 },
  });
  const avatars = createAvatarService({ db: app.db, dataDir: options.dataDir, newId: app.newId });

  route(app, uploadAvatar, async (_input, { request, user }) =>
    presentAvatar(await avatars.replace(user.id, await readAvatarPart(request))),
  );
}
