import { withBilibiliMode } from '@melon/danmaku/advanced/with-bilibili-mode';
import type { Danmaku } from '@melon/danmaku/model';
import type { DanmakuView } from '@melon/shared/contracts/danmaku';

/**
 * The engine's view of a danmaku; the viewer's own (same sender) is drawn with a border. An
 * imported advanced one (bilibili mode 7) carries its parameters, a code one (8, 9) is never drawn.
 */
export function toEngineDanmaku(view: DanmakuView, viewerId: string | null): Danmaku {
  return withBilibiliMode(
    {
      id: view.id,
      time: view.offset_ms,
      text: view.text,
      colour: view.colour,
      mode: view.mode,
      size: view.size,
      pool: view.pool,
      own: viewerId !== null && view.sender_id === viewerId,
      sendTime: view.send_time,
      likes: view.like_count,
    },
    view.bilibili_mode,
  );
}
