import type { VideoDetails } from '@melon/shared/contracts/video';
import { useLogin } from '~/features/passport/hooks/use-login.ts';
import { AddToPlaylist } from '~/features/playlist/components/AddToPlaylist.tsx';
import styles from '~/features/playlist/components/Playlist.module.css';
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
