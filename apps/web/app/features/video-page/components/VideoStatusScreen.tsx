import type { VideoDetails } from '@melon/shared/contracts/video';
import { videoPageMessages as t } from '../messages.ts';
import styles from './VideoPage.module.css';

/** In the player's place while the item is not playable: transcoding or failed. */
export function VideoStatusScreen({ details }: { details: VideoDetails }) {
  const text = details.status_message || (details.status === 'failed' ? t.failed : t.processing);
  return (
    <div
      className={styles.statusScreen}
      style={details.cover_url ? { backgroundImage: `url("${details.cover_url}")` } : undefined}
      role="status"
    >
      <p>{text}</p>
    </div>
  );
}
