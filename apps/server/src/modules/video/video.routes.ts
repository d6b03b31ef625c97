import type { FastifyInstance } from 'fastify';
import { getIframeAccessibility } from '@melon/shared/calls/embed.calls';
import {
  getMixInformation,
  getPreviewVideo,
  getVideoDetails,
  getVideoResourceByRefreshToken,
} from '@melon/shared/calls/video.calls';
import { invalid } from '../../lib/domain-error.ts';
import { route } from '../../plugins/app/call-route.ts';
import { videoMessages } from './video.messages.ts';
import { createVideoService } from './video.service.ts';

/**
 * The video page's calls (SPEC §7 Video): details, mix information, URLs, preview; and what the
 * embeddable player plays (get_iframe_accessibility, decision 057).
 */
export default function videoRoutes(app: FastifyInstance, options: { secret: Buffer }): void {
  const videos = createVideoService({ db: app.db, secret: options.secret });

  route(app, getVideoDetails, async ({ group_id, item_id }, { user }) => {
    const itemId = group_id ?? item_id;
    if (!itemId) throw invalid(videoMessages.groupIdRequired, 'group_id');
    return videos.details(itemId, user?.id ?? null);
  });

  route(app, getMixInformation, ({ mixId, id }, { user }) =>
    videos.mixInformation(mixId, id, user?.id ?? null),
  );

  route(app, getIframeAccessibility, ({ mixId }) => videos.iframeAccessibility(mixId));

  route(app, getVideoResourceByRefreshToken, ({ refreshToken }, { user }) =>
    videos.refresh(refreshToken, user?.id ?? null),
  );

  route(app, getPreviewVideo, ({ group_id }, { user }) =>
    videos.preview(group_id, user?.id ?? null),
  );
}
