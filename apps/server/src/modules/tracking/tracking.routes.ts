import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Counter } from 'prom-client';
import Type from 'typebox';
import { envelopeOf, ErrorEnvelope, ok } from '../../http/envelope.ts';
import { qualifyWebIdentity } from '../config/web-identity.repository.ts';

/** SPEC §7 tracking batch: r true, d a list of events named k with a serialised value v. */
const TrackingBatch = Type.Object({
  r: Type.Optional(Type.Boolean()),
  d: Type.Array(
    Type.Object({
      k: Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_.:-]+$' }),
      v: Type.String({ maxLength: 4096 }),
    }),
    { minItems: 1, maxItems: 50 },
  ),
});

export default function trackingRoutes(fastify: FastifyInstance): void {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const events = new Counter({
    name: 'melon_tracking_events_total',
    help: 'Behaviour-tracking events received, by event name',
    labelNames: ['event'],
    registers: [app.metrics],
  });

  app.post(
    '/at/log/c',
    {
      bodyLimit: 64 * 1024,
      schema: {
        tags: ['tracking'],
        summary: '行为上报',
        body: TrackingBatch,
        response: { 200: envelopeOf(Type.Object({ s: Type.Integer() })), 400: ErrorEnvelope },
      },
    },
    async (request) => {
      for (const event of request.body.d) events.inc({ event: event.k });
      // A web id that reports behaviour is a real browser: qualify it. s 1 tells the client to
      // refresh its global config (SPEC §7).
      const qualifiedNow = await qualifyWebIdentity(app.db, request.webId, Date.now());
      return ok({ s: qualifiedNow ? 1 : 0 });
    },
  );
}
