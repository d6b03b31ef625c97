import type { FastifyInstance, FastifyReply } from 'fastify';
import {
  filterCinemaAlbums,
  getAlbumDetails,
  getCinemaCategory,
  getCinemaChannels,
  getCinemaClusters,
  getCinemaFeed,
  getMaterialConfig,
  getYBanner,
} from '@melon/shared/calls/cinema.calls';
import { ok } from '../../http/envelope.ts';
import { createTtlCache } from '../../lib/ttl-cache.ts';
import { route } from '../../plugins/app/call-route.ts';
import { createCinemaService } from './cinema.service.ts';

/**
 * The cinema's lists are the same for every viewer, so each answer is built and serialised once
 * a second at most per distinct request and its bytes shared (the feed's micro-cache, decision
 * 003): a new album shows within a second. Album details depend on the viewer (an author sees
 * their own hidden episodes) and are made per request.
 */
const CINEMA_CACHE_TTL_MS = 1000;
const CINEMA_CACHE_ENTRIES = 5000;

/** The cinema calls (SPEC §7 "Feed and cinema", albumv2/details; decision 047). */
export default function cinemaRoutes(app: FastifyInstance): void {
  const service = createCinemaService({ db: app.db });
  const answers = createTtlCache<ReturnType<FastifyReply['serialize']>>({
    ttlMs: CINEMA_CACHE_TTL_MS,
    maxEntries: CINEMA_CACHE_ENTRIES,
  });

  /** The shared answer for `key`, built by `load` at most once a second; errors are not kept. */
  async function shared(reply: FastifyReply, key: string, load: () => Promise<unknown>) {
    const answer = await answers.get(key, async () => reply.serialize(ok(await load())));
    // Serialised bytes with a JSON type are sent as they are: once for every viewer.
    return reply.type('application/json; charset=utf-8').send(answer);
  }

  route(app, getCinemaChannels, (_input, { reply }) =>
    shared(reply, 'tcc', () => service.channels()),
  );

  route(app, getCinemaCategory, ({ pinyin }, { reply }) =>
    shared(reply, `category:${pinyin}`, () => service.category(pinyin)),
  );

  route(app, filterCinemaAlbums, (body, { reply }) => {
    const { pinyin, filters = {}, sort = 'hot', offset = 0, count } = body;
    const key = JSON.stringify([
      pinyin,
      filters.region ?? '',
      filters.year ?? '',
      filters.genre ?? '',
      filters.paid ?? '',
      sort,
      offset,
      count ?? null,
    ]);
    return shared(reply, `albums:${key}`, () => service.albums(body));
  });

  route(app, getCinemaFeed, (query, { reply }) => {
    const { channelId, type = 'all', offset = 0, count } = query;
    const key = `feed:${channelId}:${type}:${offset}:${count ?? ''}`;
    return shared(reply, key, () => service.feed(query));
  });

  route(app, getCinemaClusters, ({ count }, { reply }) =>
    shared(reply, `cluster:${count ?? ''}`, () => service.clusters(count)),
  );

  route(app, getYBanner, (_input, { reply }) => shared(reply, 'banners', () => service.banners()));

  route(app, getMaterialConfig, ({ channelId }, { reply }) =>
    shared(reply, `materials:${channelId ?? ''}`, () => service.materials(channelId)),
  );

  route(app, getAlbumDetails, ({ album_id, block_ids }, { user }) =>
    service.details(album_id, block_ids, user?.id ?? null),
  );
}
