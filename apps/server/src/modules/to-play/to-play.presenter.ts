import { SequenceType } from '@melon/db/enums';
import type { ToPlayEntry } from '@melon/shared/contracts/to-play';
import { presentItemCard } from '../item/item-card.presenter.ts';
import type { EntryItemRow, EpisodeRow } from './to-play.repository.ts';

const episodeLabel = (episode: EpisodeRow) =>
  `第${episode.seq}${episode.sequence_type === SequenceType.Period ? '期' : '集'}`;

/**
 * One basket entry: a video plays itself; an album shows its own title and cover and plays
 * the chosen episode.
 */
export function presentEntry(item: EntryItemRow, episode: EpisodeRow | null): ToPlayEntry {
  return {
    ...presentItemCard(item),
    duration: (episode ?? item).duration_ms / 1000,
    play_id: (episode ?? item).id,
    episode_label: episode ? episodeLabel(episode) : '',
  };
}
