import type { FastifyInstance } from 'fastify';
import { addPlay } from '@melon/shared/calls/plays.calls';
import { fieldMessageFormatter } from '../../http/field-messages.ts';
import { route } from '../../plugins/app/call-route.ts';
import { playsFieldMessages } from './plays.messages.ts';
import { createPlaysService } from './plays.service.ts';

/** Play reports from the player (decision 039), for visitors and signed-in viewers alike. */
export default function playsRoutes(app: FastifyInstance): void {
  app.setSchemaErrorFormatter(fieldMessageFormatter(playsFieldMessages));
  const plays = createPlaysService({ db: app.db, newId: app.newId });

  route(app, addPlay, ({ item_id, played_ms }, { request, user }) =>
    plays.add({ userId: user?.id ?? null, webId: request.webId }, item_id, played_ms),
  );
}
