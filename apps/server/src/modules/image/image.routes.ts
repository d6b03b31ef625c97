import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { uploadCommentImage } from '@melon/shared/calls/comment-image.calls';
import { COMMENT_IMAGE_MAX_BYTES } from '@melon/shared/contracts/comment-image';
import { readFilePart } from '../../http/multipart-file.ts';
import { route } from '../../plugins/app/call-route.ts';
import type { MediaStorage } from '../../storage/media-storage.ts';
import { imageMessages } from './image.messages.ts';
import { presentCommentImage } from './image.presenter.ts';
import { createCommentImageService } from './image.service.ts';

/** uploadCommentImage (/spice/image?sk=xg_pc): multipart, behind the anti-forgery check. */
export default async function imageRoutes(
  app: FastifyInstance,
  options: { storage: MediaStorage },
): Promise<void> {
  await app.register(multipart, {
    limits: {
      fileSize: COMMENT_IMAGE_MAX_BYTES,
      files: 1,
      fields: 10,
      fieldSize: 1024,
      parts: 12,
    },
  });
  const images = createCommentImageService({
    db: app.db,
    storage: options.storage,
    newId: app.newId,
  });

  route(app, uploadCommentImage, async (_input, { request, user }) =>
    presentCommentImage(
      await images.upload(user.id, await readFilePart(request, 'image', imageMessages)),
    ),
  );
}
