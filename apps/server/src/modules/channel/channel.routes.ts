import type { FastifyInstance } from 'fastify';
import { getChannelByPinyin, getChannelList } from '@melon/shared/calls/channel.calls';
import { notFound } from '../../lib/domain-error.ts';
import { route } from '../../plugins/app/call-route.ts';
import { presentChannel } from './channel.presenter.ts';
import { findChannelByPinyin, listChannels } from './channel.repository.ts';

export default function channelRoutes(app: FastifyInstance): void {
  route(app, getChannelList, async () => ({
    list: (await listChannels(app.db)).map(presentChannel),
  }));

  route(app, getChannelByPinyin, async ({ pinyin }) => {
    const row = await findChannelByPinyin(app.db, pinyin);
    if (!row) throw notFound('频道不存在');
    return presentChannel(row);
  });
}
