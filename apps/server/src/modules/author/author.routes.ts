import type { FastifyInstance, FastifyReply } from 'fastify';
import { SeriesKind } from '@melon/db/enums';
import {
  getAudioInfo,
  getAuthorHome,
  getAuthorHotVideos,
  getAuthorLive,
  getAuthorLongVideos,
  getAuthorNewVideos,
  getAuthorRichInfo,
  getAuthorWebUrl,
  getCanProduct,
  getHotsoonVideos,
  getPid,
  setPid,
} from '@melon/shared/calls/author.calls';
import {
  getAuthorPseries,
  getAuthorSeries,
  getPreviewSeries,
  getSeriesList,
} from '@melon/shared/calls/series.calls';
import { AUTHOR_HOME_SHELF, AUTHOR_PAGE_DEFAULT_COUNT } from '@melon/shared/contracts/author';
import { ok } from '../../http/envelope.ts';
import { createTtlCache } from '../../lib/ttl-cache.ts';
import { route } from '../../plugins/app/call-route.ts';
import { authorWebUrl } from './author.presenter.ts';
import { createAuthorService } from './author.service.ts';
import { createPidService } from './pid.service.ts';

/**
 * A visitor's author home is the same for every visitor, so it is built and serialised once a
 * second at most per author and its bytes shared (the feed's micro-cache, decision 003): a new
 * video shows within a second. A signed-in viewer's (the follow flag, the author's own view)
 * is made for them.
 */
const HOME_CACHE_TTL_MS = 1000;
const HOME_CACHE_ENTRIES = 2000;

/**
 * Author pages (SPEC §7 Video and User; decision 043): the author, their lists and their
 * series, each kept to the item policy for the viewer; the personal id of the signed-in user.
 */
export default function authorRoutes(app: FastifyInstance): void {
  const service = createAuthorService({ db: app.db });
  const pids = createPidService({ db: app.db });
  const viewer = (user: { id: string } | null) => user?.id ?? null;
  const visitorHomes = createTtlCache<ReturnType<FastifyReply['serialize']>>({
    ttlMs: HOME_CACHE_TTL_MS,
    maxEntries: HOME_CACHE_ENTRIES,
  });

  route(app, getAuthorHome, async ({ to_user_id }, { reply, user }) => {
    if (user) return service.home(to_user_id, user.id);
    const answer = await visitorHomes.get(to_user_id, async () =>
      reply.serialize(ok(await service.home(to_user_id, null))),
    );
    // Serialised bytes with a JSON type are sent as they are: once for every visitor.
    return reply.type('application/json; charset=utf-8').send(answer);
  });

  route(app, getAuthorRichInfo, ({ to_user_id }, { user }) =>
    service.richInfo(to_user_id, viewer(user)),
  );

  route(app, getAuthorNewVideos, ({ to_user_id, cursor, offset, count, isHome }, { user }) =>
    service.videos(
      to_user_id,
      viewer(user),
      'video',
      isHome === '1'
        ? { count: AUTHOR_HOME_SHELF }
        : { cursor, offset, count: count ?? AUTHOR_PAGE_DEFAULT_COUNT },
    ),
  );

  route(app, getAuthorLongVideos, ({ to_user_id, cursor, offset, count }, { user }) =>
    service.videos(to_user_id, viewer(user), 'lvideo', {
      cursor,
      offset,
      count: count ?? AUTHOR_PAGE_DEFAULT_COUNT,
    }),
  );

  route(app, getHotsoonVideos, ({ to_user_id, cursor, offset, count }, { user }) =>
    service.hotsoon(to_user_id, viewer(user), {
      cursor,
      offset,
      count: count ?? AUTHOR_PAGE_DEFAULT_COUNT,
    }),
  );

  route(app, getAuthorHotVideos, ({ to_user_id, offset, count }, { user }) =>
    service.hot(to_user_id, viewer(user), offset ?? 0, count ?? AUTHOR_PAGE_DEFAULT_COUNT),
  );

  route(app, getAuthorLive, async ({ to_user_id }) => {
    await service.ensureAuthor(to_user_id);
    return { list: [], hasMore: false };
  });

  route(app, getPreviewSeries, ({ to_user_id, offset, count }, { user }) =>
    service.series(
      to_user_id,
      viewer(user),
      SeriesKind.Series,
      offset ?? 0,
      count ?? AUTHOR_HOME_SHELF,
    ),
  );

  route(app, getAuthorSeries, ({ to_user_id, offset, count }, { user }) =>
    service.series(
      to_user_id,
      viewer(user),
      SeriesKind.Series,
      offset ?? 0,
      count ?? AUTHOR_PAGE_DEFAULT_COUNT,
    ),
  );

  route(app, getAuthorPseries, ({ to_user_id, offset, count }, { user }) =>
    service.series(
      to_user_id,
      viewer(user),
      SeriesKind.PSeries,
      offset ?? 0,
      count ?? AUTHOR_PAGE_DEFAULT_COUNT,
    ),
  );

  route(app, getSeriesList, ({ to_user_id, cursor, count }, { user }) =>
    service.seriesList(to_user_id, viewer(user), cursor ?? '0', count ?? AUTHOR_PAGE_DEFAULT_COUNT),
  );

  route(app, getAuthorWebUrl, async ({ to_user_id }) => {
    await service.ensureAuthor(to_user_id);
    return { user_id: to_user_id, web_url: authorWebUrl(to_user_id) };
  });

  route(app, getAudioInfo, async ({ to_user_id }) => {
    await service.ensureAuthor(to_user_id);
    return { user_id: to_user_id, audio_count: 0, audio_list: [] };
  });

  route(app, getCanProduct, async ({ to_user_id }) => {
    await service.ensureAuthor(to_user_id);
    return { user_id: to_user_id, can_product: false };
  });

  route(app, getPid, (_input, { user }) => pids.get(user.id));

  route(app, setPid, ({ pid }, { user }) => pids.set(user.id, pid));
}
