import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { DEFAULT_PAGE_SIZE } from '@melon/shared/api/constants';
import { FeedByIdQuery, FeedPage } from '@melon/shared/contracts/feed';
import { notFound } from '../../http/api-error.ts';
import { envelopeOf, ErrorEnvelope, ok } from '../../http/envelope.ts';
import { RECOMMEND_CHANNEL_ID } from '../channel/channel-catalogue.ts';
import { findChannelById } from '../channel/channel.repository.ts';
import { presentFeedCell } from './feed.presenter.ts';
import { listFeedItems } from './feed.repository.ts';

export default function feedRoutes(fastify: FastifyInstance): void {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  app.get(
    '/api/feedv2/feedById',
    {
      schema: {
        tags: ['feed'],
        summary: '频道视频流（推荐频道为全站）',
        querystring: FeedByIdQuery,
        response: { 200: envelopeOf(FeedPage), 404: ErrorEnvelope },
      },
    },
    async (request) => {
      const { channelId, offset = 0, count = DEFAULT_PAGE_SIZE } = request.query;
      const channel = await findChannelById(app.db, Number(channelId));
      if (!channel) throw notFound('频道不存在');
      // One row past the page tells whether another page exists.
      const rows = await listFeedItems(app.db, {
        channelId: channel.id === RECOMMEND_CHANNEL_ID ? undefined : channel.id,
        offset,
        limit: count + 1,
      });
      const page = rows.slice(0, count);
      return ok({
        channelId,
        list: page.map((row, index) => presentFeedCell(row, offset + index, request.id)),
        hasMore: rows.length > count,
        offset: offset + page.length,
      });
    },
  );
}
