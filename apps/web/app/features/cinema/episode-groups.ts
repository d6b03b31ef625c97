import type { AlbumEpisodeEntry } from '@melon/shared/contracts/cinema';

/**
 * An album's episodes as the video page groups them: the official ones (第N集 / 第N期, a film's
 * 正片) as numbered buttons, the rest (预告, 花絮…) as extras, each in play order.
 */
export function groupEpisodes(episodes: readonly AlbumEpisodeEntry[]) {
  const official = episodes.filter((episode) => episode.episodeType === 'official');
  const extras = episodes.filter((episode) => episode.episodeType !== 'official');
  return { official, extras };
}
