import Type, { type Static } from 'typebox';

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
