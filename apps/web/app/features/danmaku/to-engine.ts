import type { Danmaku } from '@melon/danmaku/model';
import type { DanmakuView } from '@melon/shared/contracts/danmaku';

/** The engine's view of a danmaku; the viewer's own (same sender) is drawn with a border. */
export function toEngineDanmaku(view: DanmakuView, viewerId: string | null): Danmaku {
  return {
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
  };
}
