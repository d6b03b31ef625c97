import { TrackingAnswer, TrackingBatch } from '../contracts/tracking.ts';
import { defineCall } from './call.ts';

/** A batch of behaviour events (SPEC §7 tracking). */
export const logEvents = defineCall({
  method: 'POST',
  path: '/at/log/c',
  tag: 'tracking',
  summary: '行为上报',
  body: TrackingBatch,
  response: TrackingAnswer,
  rateLimit: 'tracking',
});
