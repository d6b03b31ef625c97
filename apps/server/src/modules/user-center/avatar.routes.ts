import type { FastifyInstance } from 'fastify';
import { uploadAvatar } from '@melon/shared/calls/user-center.calls';
import { AVATAR_MAX_BYTES } from '@melon/shared/contracts/user-center';
import { registerPictureUpload, type PictureUpload } from '../../http/picture-upload.ts';
import { route } from '../../plugins/app/call-route.ts';
import type { MediaStorage } from '../../storage/media-storage.ts';
import { createAvatarService } from './avatar.service.ts';
import { presentAvatar } from './user-center.presenter.ts';
import { userCenterMessages } from './user-center.messages.ts';

/** The avatar's form, and what the uploader is told when it holds no readable `avatar`. */
const AVATAR_UPLOAD: PictureUpload = {
  field: 'avatar',
  maxBytes: AVATAR_MAX_BYTES,
  messages: {
    notMultipart: userCenterMessages.avatarNotMultipart,
    missing: userCenterMessages.avatarMissing,
    unreadable: userCenterMessages.avatarUnreadable,
    tooLarge: userCenterMessages.avatarTooLarge,
  },
};

/** uploadAvatar: multipart, still behind the anti-forgery check. */
export default async function avatarRoutes(
  app: FastifyInstance,
  options: { storage: MediaStorage },
): Promise<void> {
  const readAvatar = await registerPictureUpload(app, AVATAR_UPLOAD);
  const avatars = createAvatarService({ db: app.db, storage: options.storage, newId: app.newId });

  route(app, uploadAvatar, async (_input, { request, user }) =>
    presentAvatar(await avatars.replace(user.id, await readAvatar(request))),
  );
}
