import type { ReactNode } from 'react';
import type { VideoDetails } from '@melon/shared/contracts/video';
import { useLogin } from '~/features/passport/hooks/use-login.ts';
import { AddToPlaylist } from '~/features/playlist/components/AddToPlaylist.tsx';
import styles from '~/features/playlist/components/Playlist.module.css';
import { playlistMessages } from '~/features/playlist/messages.ts';
import { useToast } from '~/features/toast/hooks/use-toast.ts';

/** The video page's 加入列表 button: the login prompt first for a visitor (SPEC §6). */
export function VideoPlaylistButton({ details }: { details: VideoDetails }) {
  const { requireLogin } = useLogin();
  const toast = useToast();
  return (
    <AddToPlaylist
      groupId={details.group_id}
      guard={requireLogin}
      notify={toast.show}
      className={styles.addButton}
    />
  );
}

/**
 * A card's 加入列表 button, over its cover (feed cards: FeedView's `coverAction`) or small in its
 * text (search results, an author's videos). Nothing is fetched until a dialog opens; a visitor
 * gets the login prompt first (SPEC §6).
 */
export function useCardPlaylist(
  place: 'cover' | 'text' = 'cover',
): (video: { groupId: string; title: string }) => ReactNode {
  const { requireLogin } = useLogin();
  const toast = useToast();
  return (video) => (
    <AddToPlaylist
      groupId={video.groupId}
      guard={requireLogin}
      notify={toast.show}
      className={place === 'cover' ? styles.cardButton : styles.inlineButton}
      label={playlistMessages.addVideo(video.title)}
    />
  );
}
