import { useEffect, type RefObject } from 'react';
import { addWatchHistory, setWatchProgress } from '@melon/shared/calls/history.calls';
import { keepaliveClient } from '~/lib/keepalive-client.ts';
import { createProgressReporter } from '../watch-progress.ts';

/** A report that fails (offline, session over, rate limit) is dropped: the next one follows. */
const ignore = () => undefined;

/**
 * Keeps a signed-in viewer's watch history (decision 029): the item goes to the top of the
 * history when playback starts, and the position is reported every 15 s of playback, on pause,
 * when the page is hidden or left, and at the end. Visitors report nothing.
 */
export function useWatchProgress(
  videoRef: RefObject<HTMLVideoElement | null>,
  options: { itemId: string; enabled: boolean },
): void {
  const { itemId, enabled } = options;
  useEffect(() => {
    const video = videoRef.current;
    if (!enabled || !video) return;
    const client = keepaliveClient();
    const progress = createProgressReporter({
      report: (seconds) => {
        void client.call(setWatchProgress, { content_id: itemId, progress: seconds }).catch(ignore);
      },
    });
    let added = false;
    const onPlaying = () => {
      if (added) return;
      added = true;
      void client.call(addWatchHistory, { content_id: itemId }).catch(ignore);
    };
    const onTime = () => {
      if (video.paused || video.seeking) progress.moved(video.currentTime);
      else progress.playing(video.currentTime);
    };
    const onPause = () => {
      // The pause that comes with the end is reported as the end.
      if (!video.ended && video.currentTime > 0) progress.paused(video.currentTime);
    };
    const onEnded = () => {
      progress.ended(Number.isFinite(video.duration) ? video.duration : video.currentTime);
    };
    const onHide = () => {
      if (added && !video.ended) progress.hidden(video.currentTime);
    };
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') onHide();
    };
    // The early start (decision 015) may have started playback before the page hydrated.
    if (!video.paused) onPlaying();
    video.addEventListener('playing', onPlaying);
    video.addEventListener('timeupdate', onTime);
    video.addEventListener('pause', onPause);
    video.addEventListener('ended', onEnded);
    document.addEventListener('visibilitychange', onVisibility);
    window.addEventListener('pagehide', onHide);
    return () => {
      video.removeEventListener('playing', onPlaying);
      video.removeEventListener('timeupdate', onTime);
      video.removeEventListener('pause', onPause);
      video.removeEventListener('ended', onEnded);
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('pagehide', onHide);
      // Leaving the item inside the app (the next episode): where it was left.
      onHide();
    };
  }, [videoRef, itemId, enabled]);
}
