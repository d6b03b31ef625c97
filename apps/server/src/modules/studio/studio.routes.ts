import type { FastifyInstance } from 'fastify';
import {
  deleteStudioVideo,
  editStudioVideo,
  getStudioAnalytics,
  getStudioVideo,
  getStudioVideos,
  setStudioCoverFrame,
  uploadStudioCover,
} from '@melon/shared/calls/studio.calls';
import { COVER_MAX_BYTES } from '@melon/shared/contracts/studio';
import { DEFAULT_PAGE_SIZE } from '@melon/shared/api/constants';
import { fieldMessageFormatter } from '../../http/field-messages.ts';
import { registerPictureUpload, type PictureUpload } from '../../http/picture-upload.ts';
import { route } from '../../plugins/app/call-route.ts';
import { createItemAccessEvents } from '../../realtime/item-access.ts';
import type { MediaStorage } from '../../storage/media-storage.ts';
import { studioFieldMessages, studioMessages as t } from './studio.messages.ts';
import { createStudioService } from './studio.service.ts';

/** A video's cover as the author uploads it, and what the author is told of the form. */
const COVER_UPLOAD: PictureUpload = {
  field: 'cover',
  maxBytes: COVER_MAX_BYTES,
  messages: {
    notMultipart: t.coverNotMultipart,
    missing: t.coverMissing,
    unreadable: t.coverUnreadable,
    tooLarge: t.coverTooLarge,
  },
};

/** The creator studio's videos (issue 14, decision 045): the author's own, nobody else's. */
export default async function studioRoutes(
  app: FastifyInstance,
  options: { storage: MediaStorage },
): Promise<void> {
  const readCover = await registerPictureUpload(app, COVER_UPLOAD);
  app.setSchemaErrorFormatter(fieldMessageFormatter(studioFieldMessages));
  const studio = createStudioService({
    db: app.db,
    newId: app.newId,
    storage: options.storage,
    accessChanged: createItemAccessEvents(app.pubsub, (error) => {
      app.log.error({ err: error }, 'item access announcement failed');
    }),
  });

  route(app, getStudioVideos, ({ cursor, count = DEFAULT_PAGE_SIZE }, { reply, user }) => {
    reply.header('cache-control', 'no-store');
    return studio.page(user.id, cursor, count);
  });

  route(app, getStudioVideo, ({ item_id }, { reply, user }) => {
    reply.header('cache-control', 'no-store');
    return studio.video(user.id, item_id);
  });

  route(app, editStudioVideo, (body, { user }) => studio.edit(user.id, body));

  route(app, uploadStudioCover, async ({ item_id }, { request, user }) =>
    studio.cover(user.id, item_id, await readCover(request)),
  );

  route(app, setStudioCoverFrame, ({ item_id, time_ms }, { user }) =>
    studio.coverFrame(user.id, item_id, time_ms),
  );

  route(app, deleteStudioVideo, ({ item_id }, { user }) => studio.remove(user.id, item_id));

  route(app, getStudioAnalytics, ({ item_id }, { reply, user }) => {
    reply.header('cache-control', 'no-store');
    return studio.analytics(user.id, item_id);
  });
}
