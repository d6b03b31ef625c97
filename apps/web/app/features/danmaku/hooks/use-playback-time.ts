import { useEffect, useState } from 'react';

/** Where playback is, in ms, as of the video's last time update or seek; 0 without a video. */
export function usePlaybackTimeMs(video: HTMLVideoElement | null): number {
  const [timeMs, setTimeMs] = useState(0);

  useEffect(() => {
    if (!video) return undefined;
    const update = () => {
      setTimeMs(Math.round(video.currentTime * 1000));
    };
    const events = ['timeupdate', 'seeked', 'loadedmetadata'] as const;
    for (const name of events) video.addEventListener(name, update);
    update();
    return () => {
      for (const name of events) video.removeEventListener(name, update);
    };
  }, [video]);

  return video ? timeMs : 0;
}
