import type { ReactNode } from 'react';
import type { VideoListItem } from '@melon/shared/contracts/author';
import type { CinemaAlbumCard } from '@melon/shared/contracts/cinema';
import type { RelatedVideo } from '@melon/shared/contracts/recommend';
import styles from '~/features/to-play/components/ToPlay.module.css';
import { ToPlayButton } from '~/features/to-play/components/ToPlayButton.tsx';
import { useCardPlaylist } from './playlist.view.tsx';

/** A video a card shows: what its actions need. */
interface CardVideo {
  groupId: string;
  title: string;
}

/**
 * A card's 待播 and 加入列表 side by side: over its cover (`cover`, FeedView's `coverAction` on
 * feed cards) or small in its text (`text`: search results, an author's videos). A visitor's
 * 待播 goes to the basket kept in this browser; 加入列表 asks them to sign in.
 */
export function useCardActions(place: 'cover' | 'text' = 'cover'): (video: CardVideo) => ReactNode {
  const playlist = useCardPlaylist(place);
  return (video) => (
    <span className={place === 'cover' ? styles.cardActions : styles.inlineActions}>
      <ToPlayButton
        groupId={video.groupId}
        title={video.title}
        variant={place === 'cover' ? 'card' : 'inline'}
      />
      {playlist(video)}
    </span>
  );
}

/** What follows an album card's text (the cinema pages): 待播, which puts the album in. */
export function useAlbumActions(): (album: CinemaAlbumCard) => ReactNode {
  return (album) => <ToPlayButton groupId={album.albumId} title={album.title} variant="inline" />;
}

/** Over a related video's cover (the video page's 相关推荐): 待播. */
export function relatedAction(video: RelatedVideo): ReactNode {
  return <ToPlayButton groupId={video.videoId} title={video.title} variant="card" />;
}

/** Under an author page's video card: 待播 and 加入列表. */
export function useListItemActions(): (video: VideoListItem) => ReactNode {
  const actions = useCardActions('text');
  return (video) => actions({ groupId: video.id, title: video.title });
}
