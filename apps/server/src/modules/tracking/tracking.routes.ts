import type { FastifyInstance } from 'fastify';
import { Counter } from 'prom-client';
import { logEvents } from '@melon/shared/calls/tracking.calls';
import { isTrackedEvent } from '@melon/shared/contracts/tracking';
import { route } from '../../plugins/app/call-route.ts';
import { qualifyWebIdentity } from '../config/web-identity.repository.ts';
import { presentTrackingAnswer } from './tracking.presenter.ts';

/** The largest batch body read: real batches are a few KiB, so this only stops floods. */
const BATCH_BODY_LIMIT = 64 * 1024;

export default function trackingRoutes(app: FastifyInstance): void {
  const events = new Counter({
    name: 'melon_tracking_events_total',
    help: 'Behaviour-tracking events received, by event name (unknown names as other)',
    labelNames: ['event'],
    registers: [app.metrics],
  });

  route(
    app,
    logEvents,
    async ({ d }, { request }) => {
      for (const { k } of d) events.inc({ event: isTrackedEvent(k) ? k : 'other' });
      // A web id that reports behaviour is a real browser: qualify it.
      return presentTrackingAnswer(await qualifyWebIdentity(app.db, request.webId, Date.now()));
    },
    { bodyLimit: BATCH_BODY_LIMIT },
  );
}
