import type { FastifyInstance } from 'fastify';
import { ItemType } from '@melon/db/enums';
import { getShortVideoRelated } from '@melon/shared/calls/recommend.calls';
import { fieldMessageFormatter } from '../../http/field-messages.ts';
import { notFound } from '../../lib/domain-error.ts';
import { route } from '../../plugins/app/call-route.ts';
import { findViewableItem } from '../item/item.service.ts';
import { recommendFieldMessages, recommendMessages as t } from './recommend.messages.ts';
import { presentRelatedVideo } from './recommend.presenter.ts';
import { listCards } from './recommend.repository.ts';
import { createRecommendService } from './recommend.service.ts';

/** The related list holds short videos: what the side list beside a playing video offers. */
const RELATED_ITEM_TYPES = [ItemType.ShortVideo];
const RELATED_DEFAULT_COUNT = 10;

/** Related videos (SPEC §7 Video `get_short_video_related`, decision 037). */
export default function recommendRoutes(app: FastifyInstance): void {
  app.setSchemaErrorFormatter(fieldMessageFormatter(recommendFieldMessages));
  const recommend = createRecommendService({ db: app.db });

  route(app, getShortVideoRelated, async ({ group_id, count }, { user }) => {
    const item = await findViewableItem(app.db, group_id, user?.id ?? null);
    if (!item) throw notFound(t.notFound);
    const ids = await recommend.related(item, RELATED_ITEM_TYPES, count ?? RELATED_DEFAULT_COUNT);
    // The kept list names ids; each is read again through the policy, so an item hidden since
    // the list was built is left out at once.
    const cards = new Map((await listCards(app.db, ids)).map((row) => [row.id, row]));
    const list = ids.flatMap((id) => {
      const row = cards.get(id);
      return row ? [presentRelatedVideo(row)] : [];
    });
    return { list };
  });
}
