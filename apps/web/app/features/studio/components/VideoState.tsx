import type { StudioVideo } from '@melon/shared/contracts/studio';
import { ProgressBar } from '~/components/ui/ProgressBar.tsx';
import { useTranscodeProgress } from '~/lib/use-transcode-progress.ts';
import { studioVideoMessages as t } from '../video-messages.ts';
import styles from './StudioVideos.module.css';

/** A video's state: 已发布, 转码失败 with the reason, or the transcoding's live progress. */
export function VideoState({ video }: { video: StudioVideo }) {
  if (video.state === 'processing') return <LiveProgress itemId={video.item_id} />;
  return <SettledState state={video.state} reason={video.state_message} />;
}

function SettledState({ state, reason }: { state: 'ready' | 'failed'; reason: string }) {
  if (state === 'ready') return <span className={styles.badgeReady}>{t.state.ready}</span>;
  return (
    <>
      <span className={styles.badgeFailed}>{t.state.failed}</span>
      <span className={styles.failReason} role="status">
        {reason}
      </span>
    </>
  );
}

/** Follows the transcoding job (the upload progress stream) until the video is settled. */
function LiveProgress({ itemId }: { itemId: string }) {
  const { state, progress, message } = useTranscodeProgress(itemId);
  if (state !== 'processing') return <SettledState state={state} reason={message ?? ''} />;
  return (
    <span className={styles.progress}>
      <span className={styles.badge}>{progress === 0 ? t.state.queued : t.state.processing}</span>
      <ProgressBar className={styles.track} label={t.transcodeLabel} percent={progress} />
      <span>{progress}%</span>
    </span>
  );
}
