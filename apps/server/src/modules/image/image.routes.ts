import type { FastifyInstance } from 'fastify';
import { uploadCommentImage } from '@melon/shared/calls/comment-image.calls';
import { registerPictureUpload } from '../../http/picture-upload.ts';
import { route } from '../../plugins/app/call-route.ts';
import type { MediaStorage } from '../../storage/media-storage.ts';
import { commentImageUpload } from './comment-image.upload.ts';
import { presentCommentImage } from './image.presenter.ts';
import { createCommentImageService } from './image.service.ts';

/** uploadCommentImage (/spice/image?sk=xg_pc): multipart, behind the anti-forgery check. */
export default async function imageRoutes(
  app: FastifyInstance,
  options: { storage: MediaStorage },
): Promise<void> {
  const readImage = await registerPictureUpload(app, commentImageUpload);
  const images = createCommentImageService({
    db: app.db,
    storage: options.storage,
    newId: app.newId,
  });

  route(app, uploadCommentImage, async (_input, { request, user }) =>
    presentCommentImage(await images.upload(user.id, await readImage(request))),
  );
}
