import type { TrackingAnswer } from '@melon/shared/contracts/tracking';

/** s 1 asks the client to refresh its global config: its web id has just qualified. */
export const presentTrackingAnswer = (qualifiedNow: boolean): TrackingAnswer => ({
  s: qualifiedNow ? 1 : 0,
});
