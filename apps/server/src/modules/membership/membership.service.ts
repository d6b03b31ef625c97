import type { Kysely } from 'kysely';
import type { Database } from '@melon/db/database';
import { EpisodeAccess } from '@melon/db/enums';
import type { ViewerId } from '../item/item.policy.ts';
import { playbackFor, type Playback } from './membership.policy.ts';
import { findEpisodeAccess, findMembership, ownsEpisode } from './membership.repository.ts';

/** A viewer's playback of an item, with what it rests on. */
export interface EpisodePlayback {
  playback: Playback;
  access: EpisodeAccess;
  /** The episode's price (paid episodes), else null. */
  priceFen: number | null;
  /**
   * Milliseconds until which the answer holds without asking again: the membership's expiry
   * when the membership is what grants full playback, else Infinity.
   */
  until: number;
}

/**
 * Whether a viewer plays an item in full or only its preview, and why. Reads the episode's
 * access and, only when it is not free, the viewer's membership and purchases.
 */
export async function episodePlayback(
  db: Kysely<Database>,
  item: { id: string; user_id: string },
  viewerId: ViewerId,
  nowMs: number,
): Promise<EpisodePlayback> {
  const episode = await findEpisodeAccess(db, item.id);
  const base = { access: episode.access, priceFen: episode.price_fen, until: Infinity };
  if (episode.access === EpisodeAccess.Free || viewerId === null) {
    const none = { isAuthor: false, isMember: false, ownsEpisode: false };
    return { ...base, playback: playbackFor(episode.access, none) };
  }
  const [membership, owned] = await Promise.all([
    findMembership(db, viewerId),
    ownsEpisode(db, viewerId, item.id),
  ]);
  const rights = {
    isAuthor: viewerId === item.user_id,
    isMember: membership !== undefined && membership.expires_at > nowMs,
    ownsEpisode: owned,
  };
  const playback = playbackFor(episode.access, rights);
  // Only a membership runs out: the author's and a buyer's right do not.
  const onlyByMembership =
    playback === 'full' && !rights.isAuthor && !(episode.access === EpisodeAccess.Paid && owned);
  return {
    ...base,
    playback,
    until: onlyByMembership && membership ? membership.expires_at : Infinity,
  };
}

/** Whether a viewer plays an item in full or only its preview. */
export async function playbackOf(
  db: Kysely<Database>,
  item: { id: string; user_id: string },
  viewerId: ViewerId,
  nowMs: number,
): Promise<Playback> {
  return (await episodePlayback(db, item, viewerId, nowMs)).playback;
}
