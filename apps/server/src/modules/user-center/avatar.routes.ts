import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { uploadAvatar } from '@melon/shared/calls/user-center.calls';
import { AVATAR_MAX_BYTES } from '@melon/shared/contracts/user-center';
import { readFilePart } from '../../http/multipart-file.ts';
import { route } from '../../plugins/app/call-route.ts';
import type { MediaStorage } from '../../storage/media-storage.ts';
import { createAvatarService } from './avatar.service.ts';
import { presentAvatar } from './user-center.presenter.ts';
import { userCenterMessages } from './user-center.messages.ts';

/** What the avatar uploader is told when the form holds no readable `avatar`. */
const AVATAR_PART_MESSAGES = {
  notMultipart: userCenterMessages.avatarNotMultipart,
  missing: userCenterMessages.avatarMissing,
  unreadable: userCenterMessages.avatarUnreadable,
  tooLarge: userCenterMessages.avatarTooLarge,
};

/** uploadAvatar: multipart, still behind the anti-forgery check. */
export default async function avatarRoutes(
  app: FastifyInstance,
  options: { storage: MediaStorage },
): Promise<void> {
  await app.register(multipart, {
    limits: { fileSize: AVATAR_MAX_BYTES, files: 1, fields: 10, fieldSize: 1024, parts: 12 },
  });
  const avatars = createAvatarService({ db: app.db, storage: options.storage, newId: app.newId });

  route(app, uploadAvatar, async (_input, { request, user }) =>
    presentAvatar(
      await avatars.replace(user.id, await readFilePart(request, 'avatar', AVATAR_PART_MESSAGES)),
    ),
  );
}
