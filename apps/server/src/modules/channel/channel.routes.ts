import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import Type from 'typebox';
import { Channel, ChannelList } from '@melon/shared/contracts/channel';
import { notFound } from '../../http/api-error.ts';
import { envelopeOf, ErrorEnvelope, ok } from '../../http/envelope.ts';
import { presentChannel } from './channel.presenter.ts';
import { findChannelByPinyin, listChannels } from './channel.repository.ts';

export default function channelRoutes(fastify: FastifyInstance): void {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  app.get(
    '/api/channel/list',
    {
      schema: {
        tags: ['channel'],
        summary: '侧边栏频道列表',
        querystring: Type.Object({ aid: Type.Optional(Type.Integer()) }),
        response: { 200: envelopeOf(ChannelList) },
      },
    },
    async () => ok({ list: (await listChannels(app.db)).map(presentChannel) }),
  );

  app.get(
    '/api/channel/by_pinyin',
    {
      schema: {
        tags: ['channel'],
        summary: '按拼音查找频道',
        querystring: Type.Object({
          pinyin: Type.String({ pattern: '^[a-z0-9-]{1,40}$' }),
          aid: Type.Optional(Type.Integer()),
        }),
        response: { 200: envelopeOf(Channel), 404: ErrorEnvelope },
      },
    },
    async (request) => {
      const row = await findChannelByPinyin(app.db, request.query.pinyin);
      if (!row) throw notFound('频道不存在');
      return ok(presentChannel(row));
    },
  );
}
