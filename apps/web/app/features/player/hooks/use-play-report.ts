import { useEffect, type RefObject } from 'react';
import { addPlay } from '@melon/shared/calls/plays.calls';
import { keepaliveClient } from '~/lib/keepalive-client.ts';
import { createPlayMeter } from '../play-meter.ts';

/** A report that fails (offline, rate limit) is dropped: a play is not worth a retry. */
const ignore = () => undefined;

/**
 * Reports a play of the item once 3 s of it have played (decision 039), for visitors and
 * signed-in viewers alike; the server counts it once per viewer and item an hour.
 */
export function usePlayReport(videoRef: RefObject<HTMLVideoElement | null>, itemId: string): void {
  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    const meter = createPlayMeter((playedMs) => {
      void keepaliveClient().call(addPlay, { item_id: itemId, played_ms: playedMs }).catch(ignore);
    });
    const onTime = () => {
      if (video.paused || video.seeking) meter.moved(video.currentTime);
      else meter.playing(video.currentTime);
    };
    video.addEventListener('timeupdate', onTime);
    return () => {
      video.removeEventListener('timeupdate', onTime);
    };
  }, [videoRef, itemId]);
}
