import type { ReactNode } from 'react';
import type { FeedCell } from '@melon/shared/contracts/feed';
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
 * The feed cards' 加入列表 buttons: give the answer to FeedView's `coverAction`. Nothing is
 * fetched until a dialog opens; a visitor gets the login prompt first (SPEC §6).
 */
export function useCardPlaylist(): (cell: FeedCell) => ReactNode {
  const { requireLogin } = useLogin();
  const toast = useToast();
  return (cell) => (
    <AddToPlaylist
      groupId={cell.groupId}
      guard={requireLogin}
      notify={toast.show}
      className={styles.cardButton}
      label={playlistMessages.addVideo(cell.title)}
    />
  );
}
