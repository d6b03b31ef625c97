import type { FastifyInstance } from 'fastify';
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
import {
  AUTHOR_HOME_SHELF,
  AUTHOR_PAGE_DEFAULT_COUNT,
  type AuthorHomeAnswer,
} from '@melon/shared/contracts/author';
import { answerBytes, sendAnswerBytes } from '../../http/answer-bytes.ts';
import { createTtlCache } from '../../lib/ttl-cache.ts';
import { route } from '../../plugins/app/call-route.ts';
import { onItemAccessChanged } from '../../realtime/item-access.ts';
import { authorWebUrl, homeAsFollowerSees } from './author.presenter.ts';
import { createAuthorService } from './author.service.ts';
import { createPidService } from './pid.service.ts';

/**
 * An author's home is the same for everyone but its author, the follow flags aside, so it is
 * built once a second at most per author and its bytes shared (the feed's micro-cache, decision
 * 003): a new video shows within a second. A follower gets the same page serialised once more
 * with the flags set (decision 072); the author's own view, which lists what only they see, is
 * made for them.
 */
const HOME_CACHE_TTL_MS = 1000;
const HOME_CACHE_ENTRIES = 2000;

interface SharedHome {
  page: AuthorHomeAnswer;
  /** The answer's bytes for anyone but a follower. */
  visitor: Buffer;
  /** A follower's, made on a follower's first call while the page is shared. */
  follower?: Buffer;
}

/**
 * Author pages (SPEC §7 Video and User; decision 043): the author, their lists and their
 * series, each kept to the item policy for the viewer; the personal id of the signed-in user.
 */
export default async function authorRoutes(app: FastifyInstance): Promise<void> {
  const service = createAuthorService({ db: app.db });
  const pids = createPidService({ db: app.db });
  const viewer = (user: { id: string } | null) => user?.id ?? null;
  const sharedHomes = createTtlCache<SharedHome>({
    ttlMs: HOME_CACHE_TTL_MS,
    maxEntries: HOME_CACHE_ENTRIES,
  });
  // An item fewer may see leaves the shared homes at once (on every process).
  await onItemAccessChanged(app, () => {
    sharedHomes.clear();
  });

  route(app, getAuthorHome, async ({ to_user_id }, { reply, user }) => {
    if (user?.id === to_user_id) return service.home(to_user_id, user.id);
    const shared = await sharedHomes.get(to_user_id, async () => {
      const page = await service.home(to_user_id, null);
      return { page, visitor: answerBytes(reply, page) };
    });
    const follows = user !== null && (await service.follows(user.id, to_user_id));
    return sendAnswerBytes(
      reply,
      follows
        ? (shared.follower ??= answerBytes(reply, homeAsFollowerSees(shared.page)))
        : shared.visitor,
    );
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
