import { createContext, useCallback, useContext, useEffect, useState } from 'react';
import { seekVideo } from '~/lib/seek-video.ts';
import { playingProgress } from '../time-marks.ts';

/** The comment whose moment the video is playing, and how far through its window. */
export interface CommentPlayback {
  /** The video's length: moments past it are plain text. 0 when there is no player. */
  durationMs: number;
  playingId: string | null;
  /** 0–1 through the playing comment's window. */
  progress: number;
  /** Plays the video from a comment's moment; absent when the page has no player. */
  playAt?: (commentId: string, atMs: number) => void;
}

export const CommentPlaybackContext = createContext<CommentPlayback>({
  durationMs: 0,
  playingId: null,
  progress: 0,
});

export const useCommentPlayback = (): CommentPlayback => useContext(CommentPlaybackContext);

/**
 * A click on a comment's `02:15` plays the page's video from there; the comment stays the one
 * playing while playback runs through the next 15 s and lets go when it leaves them (a seek
 * elsewhere, or played on past).
 */
export function useCommentPlaybackState(
  video: HTMLVideoElement | null,
  durationMs: number,
): CommentPlayback {
  const [playing, setPlaying] = useState<{ id: string; fromMs: number } | null>(null);
  const [progress, setProgress] = useState(0);

  useEffect(() => {
    if (!video || !playing) return;
    const follow = () => {
      const through = playingProgress(playing.fromMs, video.currentTime * 1000);
      if (through === undefined) setPlaying(null);
      else setProgress(through);
    };
    video.addEventListener('timeupdate', follow);
    video.addEventListener('seeked', follow);
    return () => {
      video.removeEventListener('timeupdate', follow);
      video.removeEventListener('seeked', follow);
    };
  }, [video, playing]);

  const playAt = useCallback(
    (commentId: string, atMs: number) => {
      if (!video) return;
      setPlaying({ id: commentId, fromMs: atMs });
      setProgress(0);
      seekVideo(video, atMs);
      void video.play().catch(() => undefined);
      video.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
    },
    [video],
  );

  return {
    durationMs,
    playingId: playing?.id ?? null,
    progress,
    ...(video ? { playAt } : {}),
  };
}
