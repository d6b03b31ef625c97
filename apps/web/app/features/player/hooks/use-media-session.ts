import { useEffect, type RefObject } from 'react';
import { SEEK_STEP_S } from '../shortcuts.ts';

export interface MediaSessionInfo {
  title: string;
  artist: string;
  artworkUrl: string;
  onNext?: (() => void) | undefined;
  onPrevious?: (() => void) | undefined;
}

/** The Media Session API: title and cover on the lock screen, and the system's media keys. */
export function useMediaSession(
  videoRef: RefObject<HTMLVideoElement | null>,
  info: MediaSessionInfo,
): void {
  const { title, artist, artworkUrl, onNext, onPrevious } = info;
  useEffect(() => {
    const video = videoRef.current;
    if (!video || !('mediaSession' in navigator)) return;
    const session = navigator.mediaSession;
    session.metadata = new MediaMetadata({
      title,
      artist,
      artwork: artworkUrl ? [{ src: new URL(artworkUrl, location.href).href }] : [],
    });
    const handlers: [MediaSessionAction, MediaSessionActionHandler | null][] = [
      [
        'play',
        () => {
          void video.play().catch(() => undefined);
        },
      ],
      [
        'pause',
        () => {
          video.pause();
        },
      ],
      ['seekbackward', (details) => (video.currentTime -= details.seekOffset ?? SEEK_STEP_S)],
      ['seekforward', (details) => (video.currentTime += details.seekOffset ?? SEEK_STEP_S)],
      [
        'seekto',
        (details) => {
          if (details.seekTime !== undefined) video.currentTime = details.seekTime;
        },
      ],
      ['nexttrack', onNext ?? null],
      ['previoustrack', onPrevious ?? null],
    ];
    for (const [action, handler] of handlers) {
      try {
        session.setActionHandler(action, handler);
      } catch {
        // A browser that does not know an action refuses its handler.
      }
    }
    return () => {
      for (const [action] of handlers) {
        try {
          session.setActionHandler(action, null);
        } catch {
          // See above.
        }
      }
      session.metadata = null;
    };
  }, [videoRef, title, artist, artworkUrl, onNext, onPrevious]);
}
