import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { DEFAULT_PAGE_SIZE } from '@melon/shared/api/constants';
import { FeedByIdQuery, FeedPage } from '@melon/shared/contracts/feed';
import { notFound } from '../../http/api-error.ts';
import { envelopeOf, ErrorEnvelope, ok } from '../../http/envelope.ts';
import { createFeedService } from './feed.service.ts';

export default function feedRoutes(fastify: FastifyInstance): void {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const feed = createFeedService(app.db, app.newId);

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
      const page = await feed.page({ channelId: Number(channelId), offset, count });
      if (!page) throw notFound('频道不存在');
      return ok(page);
    },
  );
}
