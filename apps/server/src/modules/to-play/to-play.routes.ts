import type { FastifyInstance } from 'fastify';
import {
  addToPlay,
  clearToPlay,
  getToPlayCards,
  getToPlayList,
  mergeToPlay,
  removeToPlay,
} from '@melon/shared/calls/to-play.calls';
import { route } from '../../plugins/app/call-route.ts';
import { createToPlayService } from './to-play.service.ts';

/** The to-play basket 待播 (decision 051): the signed-in basket, and entries for a visitor's. */
export default function toPlayRoutes(app: FastifyInstance): void {
  const service = createToPlayService({ db: app.db });

  route(app, getToPlayList, (_input, { user }) => service.list(user.id));

  route(app, getToPlayCards, ({ group_ids }, { user }) =>
    service.cards(group_ids.split(','), user?.id ?? null),
  );

  route(app, addToPlay, ({ group_id }, { user }) => service.add(user.id, group_id));

  route(app, removeToPlay, ({ group_id }, { user }) => service.remove(user.id, group_id));

  route(app, clearToPlay, (_body, { user }) => service.clear(user.id));

  route(app, mergeToPlay, ({ group_ids }, { user }) => service.merge(user.id, group_ids));
}
