import { EpisodeAccess } from '@melon/db/enums';

/*
 * Who may play an episode in full (issue 15, decision 047): the one place this is decided.
 * The item policy (`item.policy.ts` `canView`) decides who may open an item at all; this
 * decides, for an item someone may open, whether they get the full package or only the
 * 6-minute preview (SPEC §4). Its author always plays their own item in full.
 */

/** What the rule reads of the viewer. */
export interface PlayRights {
  /** The viewer is the item's author. */
  isAuthor: boolean;
  /** The viewer's membership is valid now. */
  isMember: boolean;
  /** The viewer bought this episode. */
  ownsEpisode: boolean;
}

export type Playback = 'full' | 'trial';

/** Full playback, or only the preview. */
export function playbackFor(access: EpisodeAccess, rights: PlayRights): Playback {
  if (access === EpisodeAccess.Free || rights.isAuthor) return 'full';
  if (access === EpisodeAccess.Vip) return rights.isMember ? 'full' : 'trial';
  return rights.ownsEpisode ? 'full' : 'trial';
}

/** SPEC §3 validity of a membership: -1 expired, 0 never had one, 1 valid. */
export function membershipValidity(expiresAt: number | undefined, nowMs: number): -1 | 0 | 1 {
  if (expiresAt === undefined) return 0;
  return expiresAt > nowMs ? 1 : -1;
}

/** SPEC §4: a non-member previews the first 6 minutes of a VIP or paid episode. */
export const PREVIEW_SECONDS = 360;

/**
 * How much of a non-free episode a non-member may watch, in whole seconds (decision 050): the
 * first 6 minutes of a longer one; of an episode of 6 minutes or less (where 6 minutes would be
 * all of it), the first third. 0 when there is nothing to preview.
 */
export function previewClipSeconds(durationS: number): number {
  if (!(durationS > 0)) return 0;
  return durationS > PREVIEW_SECONDS ? PREVIEW_SECONDS : Math.floor(durationS / 3);
}
