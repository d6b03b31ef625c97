import Type, { type Static } from 'typebox';

/**
 * The behaviour events the site reports (SPEC §4 and §9 tracking): the login dialog, time on a page,
 * video play, moves to a detail page or a link, and the mouse, click and scroll samples. The
 * server counts these by name and every other name under one `other`, so a client's choice of
 * names cannot add metrics series.
 */
export const TRACKED_EVENTS = [
  'login_show',
  'login_hide',
  'login_exit',
  'stay_page',
  'video_over',
  'go_detail',
  'go_url',
  'mouse_move',
  'click',
  'scroll',
] as const;
export type TrackedEvent = (typeof TRACKED_EVENTS)[number];

const TRACKED = new Set<string>(TRACKED_EVENTS);
export const isTrackedEvent = (name: string): name is TrackedEvent => TRACKED.has(name);

/** SPEC §7 tracking batch: r true, d a list of events named k with a serialised value v. */
export const TrackingBatch = Type.Object({
  r: Type.Optional(Type.Boolean()),
  d: Type.Array(
    Type.Object({
      k: Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_.:-]+$' }),
      v: Type.String({ maxLength: 4096 }),
    }),
    { minItems: 1, maxItems: 50 },
  ),
});
export type TrackingBatch = Static<typeof TrackingBatch>;

/** s 1: the web id has just qualified, and the client refreshes its global config (SPEC §7). */
export const TrackingAnswer = Type.Object({ s: Type.Integer() });
export type TrackingAnswer = Static<typeof TrackingAnswer>;
