import { useEffect, useMemo, useSyncExternalStore } from 'react';
import { danmakuTopic } from '@melon/shared/contracts/realtime';
import type { DanmakuView } from '@melon/shared/contracts/danmaku';
import { browserClient } from '~/lib/browser-client.ts';
import { createDanmakuSession, type DanmakuSession } from '../danmaku-session.ts';
import { gatewayUrl, subscribeLiveTopic } from '../live-topic.ts';

/**
 * The danmaku of one item for one viewer. Once the page runs in the browser it is subscribed to
 * the item's live topic and fetches the segments the video needs as it plays and seeks.
 */
export function useDanmakuSession(
  video: HTMLVideoElement | null,
  itemId: string,
  viewerId: string | null,
): DanmakuSession {
  const session = useMemo(
    () => createDanmakuSession(browserClient, itemId, viewerId),
    [itemId, viewerId],
  );

  useEffect(() => {
    const stop = session.start();
    const live = subscribeLiveTopic({
      url: gatewayUrl(location),
      topic: danmakuTopic(session.itemId),
      onMessage: (message) => {
        session.receive(message);
      },
      onReconnect: () => {
        session.reconnected();
      },
    });
    return () => {
      live.close();
      stop();
    };
  }, [session]);

  // Runs after the effect above, so the session is started.
  useEffect(() => {
    if (!video) {
      session.follow(0, Number.NaN);
      return undefined;
    }
    const follow = () => {
      session.follow(video.currentTime * 1000, video.duration * 1000);
    };
    const events = ['loadedmetadata', 'timeupdate', 'seeking', 'durationchange'] as const;
    for (const name of events) video.addEventListener(name, follow);
    follow();
    return () => {
      for (const name of events) video.removeEventListener(name, follow);
    };
  }, [session, video]);

  return session;
}

const noList: readonly DanmakuView[] = [];

/** Every danmaku the session knows, in play order; re-renders on change. */
export function useDanmakuList(session: DanmakuSession): readonly DanmakuView[] {
  return useSyncExternalStore(
    (listener) => session.pool.subscribe(listener),
    () => session.pool.list,
    () => noList,
  );
}

/** The live viewer count, null until known. */
export function useViewerCount(session: DanmakuSession): number | null {
  return useSyncExternalStore(
    (listener) => session.subscribeViewers(listener),
    () => session.viewers,
    () => null,
  );
}
