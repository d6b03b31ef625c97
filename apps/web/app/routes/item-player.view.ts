import { useMemo, useState } from 'react';
import type { VideoDetails } from '@melon/shared/contracts/video';
import { useVideoDanmaku } from '~/features/danmaku/hooks/use-video-danmaku.ts';
import { useLogin } from '~/features/passport/hooks/use-login.ts';
import type { DisplayMode } from '~/features/player/display-mode.ts';
import type { LoopMode } from '~/features/player/loop-mode.ts';
import { playerSourceOf } from '~/features/player/player-source.ts';

/**
 * What the video page and the embeddable player both keep around an item's player: the viewer's
 * sign-in, the display and loop modes (they outlive the player of one item: auto-advance keeps
 * them), the `<video>` element, the danmaku bound to it, and the player's source.
 */
export function useItemPlayer(details: VideoDetails) {
  const login = useLogin();
  const [mode, setMode] = useState<DisplayMode>('player');
  const [loopMode, setLoopMode] = useState<LoopMode>('none');
  const [video, setVideo] = useState<HTMLVideoElement | null>(null);
  const danmaku = useVideoDanmaku({
    video,
    itemId: details.item_id,
    viewerId: login.account?.user_id ?? null,
    authorId: details.user_info.user_id,
    guard: login.requireLogin,
  });
  const source = useMemo(() => playerSourceOf(details), [details]);
  return { ...login, mode, setMode, loopMode, setLoopMode, video, setVideo, danmaku, source };
}
