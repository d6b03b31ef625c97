import type { FastifyInstance } from 'fastify';
import {
  deleteStudioVideo,
  editStudioVideo,
  getStudioAnalytics,
  getStudioVideo,
  getStudioVideos,
} from '@melon/shared/calls/studio.calls';
import { DEFAULT_PAGE_SIZE } from '@melon/shared/api/constants';
import { fieldMessageFormatter } from '../../http/field-messages.ts';
import { route } from '../../plugins/app/call-route.ts';
import type { MediaStorage } from '../../storage/media-storage.ts';
import { studioFieldMessages } from './studio.messages.ts';
import { createStudioService } from './studio.service.ts';

/** The creator studio's videos (issue 14, decision 045): the author's own, nobody else's. */
export default function studioRoutes(
  app: FastifyInstance,
  options: { storage: MediaStorage },
): void {
  app.setSchemaErrorFormatter(fieldMessageFormatter(studioFieldMessages));
  const studio = createStudioService({ db: app.db, newId: app.newId, storage: options.storage });

  route(app, getStudioVideos, ({ cursor, count = DEFAULT_PAGE_SIZE }, { reply, user }) => {
    reply.header('cache-control', 'no-store');
    return studio.page(user.id, cursor, count);
  });

  route(app, getStudioVideo, ({ item_id }, { reply, user }) => {
    reply.header('cache-control', 'no-store');
    return studio.video(user.id, item_id);
  });

  route(app, editStudioVideo, (body, { user }) => studio.edit(user.id, body));

  route(app, deleteStudioVideo, ({ item_id }, { user }) => studio.remove(user.id, item_id));

  route(app, getStudioAnalytics, ({ item_id }, { reply, user }) => {
    reply.header('cache-control', 'no-store');
    return studio.analytics(user.id, item_id);
  });
}
