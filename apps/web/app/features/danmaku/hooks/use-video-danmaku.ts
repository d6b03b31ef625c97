import { useCallback, useMemo } from 'react';
import type { DanmakuSettings } from '@melon/danmaku/engine/settings';
import type { DanmakuGuard } from '../danmaku-guard.ts';
import type { DanmakuSession } from '../danmaku-session.ts';
import { seekVideo } from '~/lib/seek-video.ts';
import { useDanmakuSession } from './use-danmaku-session.ts';
import { useDanmakuSettings } from './use-danmaku-settings.ts';
import { useShieldWords, type ShieldWordsApi } from './use-shield-words.ts';

export interface VideoDanmakuOptions {
  /** The player's video element; null until it exists. */
  video: HTMLVideoElement | null;
  itemId: string;
  /** The signed-in user's id, or null for a visitor. */
  viewerId: string | null;
  /** The video's author, who may delete anyone's danmaku on it. */
  authorId: string;
  guard: DanmakuGuard;
}

/** Everything the danmaku parts of one video page share; made once by the route. */
export interface VideoDanmaku {
  readonly video: HTMLVideoElement | null;
  readonly itemId: string;
  readonly viewerId: string | null;
  readonly authorId: string;
  readonly guard: DanmakuGuard;
  readonly session: DanmakuSession;
  /** The remembered settings with the server's shield words. */
  readonly settings: DanmakuSettings;
  readonly updateSettings: (patch: Partial<DanmakuSettings>) => void;
  readonly resetSettings: () => void;
  readonly shield: ShieldWordsApi;
  /** Moves playback to `ms` (the list's jump-to). */
  readonly seek: (ms: number) => void;
}

/**
 * The one call a video page makes: pass the result to DanmakuLayer (in the player's overlay
 * slot), DanmakuSendBar (under the player), DanmakuList (beside it) and DanmakuViewerCount.
 */
export function useVideoDanmaku({
  video,
  itemId,
  viewerId,
  authorId,
  guard,
}: VideoDanmakuOptions): VideoDanmaku {
  const session = useDanmakuSession(video, itemId, viewerId);
  const { settings: stored, update, reset } = useDanmakuSettings(viewerId);
  const shield = useShieldWords(viewerId, guard);
  const settings = useMemo(
    () => ({ ...stored, shieldWords: shield.words.map((word) => word.text) }),
    [stored, shield.words],
  );
  const seek = useCallback(
    (ms: number) => {
      if (video) seekVideo(video, ms);
    },
    [video],
  );
  return {
    video,
    itemId,
    viewerId,
    authorId,
    guard,
    session,
    settings,
    updateSettings: update,
    resetSettings: reset,
    shield,
    seek,
  };
}
