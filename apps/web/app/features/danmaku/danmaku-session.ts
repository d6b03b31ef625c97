import type { DanmakuEngine } from '@melon/danmaku/engine/engine';
import type { Danmaku } from '@melon/danmaku/model';
import { listDanmaku, sendDanmaku } from '@melon/shared/calls/danmaku.calls';
import type { MelonClient } from '@melon/shared/client/client';
import {
  DANMAKU_CALL_PARAMS,
  DANMAKU_SEGMENT_MAX,
  DANMAKU_SEGMENT_MS,
  type DanmakuView,
  type SendDanmakuBody,
} from '@melon/shared/contracts/danmaku';
import { createDanmakuPool, type DanmakuPool } from './danmaku-pool.ts';
import type { TopicMessage } from './live-message.ts';
import { segmentOf, segmentsToLoad } from './segments.ts';
import { toEngineDanmaku } from './to-engine.ts';

/** What the session drives of the overlay's engine. */
export type DanmakuSink = Pick<DanmakuEngine, 'load' | 'add' | 'remove'>;

/** What the viewer sends from the send bar: the text and its place and style, all chosen. */
export type DanmakuSendInput = Required<Omit<SendDanmakuBody, 'item_id' | 'pool'>>;

/** A failed segment is asked for again after this long, not on every time update. */
const SEGMENT_RETRY_MS = 5_000;

export interface DanmakuSession {
  readonly itemId: string;
  readonly viewerId: string | null;
  readonly pool: DanmakuPool;
  /** The live viewer count, null until the gateway tells it. */
  readonly viewers: number | null;
  subscribeViewers(listener: () => void): () => void;
  /** The overlay's engine (null when it goes): it gets everything known so far at once. */
  attach(sink: DanmakuSink | null): void;
  /** Fetches the segments playback at `timeMs` needs (see segmentsToLoad). */
  follow(timeMs: number, durationMs: number): void;
  receive(message: TopicMessage): void;
  /**
   * The live connection came back: the segment playback is in is read again, adding what was
   * sent while it was down and dropping what was deleted.
   */
  reconnected(): void;
  /**
   * Starts taking answers (segments, live frames); the returned stop drops whatever arrives
   * after it and cancels retries. A session may be started again (React's strict mode does).
   */
  start(): () => void;
  /**
   * Shows the viewer's danmaku at once under a local id, then sends it; it becomes the stored
   * one on success and disappears again on failure, whose error is rethrown.
   */
  send(input: DanmakuSendInput): Promise<DanmakuView>;
}

export function createDanmakuSession(
  /** Called when a request goes out, so a session can be made while rendering on the server. */
  client: () => MelonClient,
  itemId: string,
  viewerId: string | null,
  now: () => number = Date.now,
): DanmakuSession {
  const pool = createDanmakuPool();
  const requested = new Set<number>();
  const viewerListeners = new Set<() => void>();
  /** The viewer's sends still waiting for the server: local id → text. */
  const pending = new Map<string, string>();
  const timers = new Set<ReturnType<typeof setTimeout>>();
  let viewers: number | null = null;
  let sink: DanmakuSink | null = null;
  let localIds = 0;
  let running = false;
  /** Where playback was at the last follow, for re-reading after a reconnection. */
  let lastTimeMs = 0;

  /**
   * Each view's engine danmaku, made once: the engine is given the whole pool again whenever a
   * segment arrives, and an advanced danmaku's parameters are parsed from its text.
   */
  const engineViews = new WeakMap<DanmakuView, Danmaku>();
  const toEngine = (view: DanmakuView) => {
    let danmaku = engineViews.get(view);
    if (!danmaku) {
      danmaku = toEngineDanmaku(view, viewerId);
      engineViews.set(view, danmaku);
    }
    return danmaku;
  };
  const reloadSink = () => sink?.load(pool.list.map(toEngine));

  function later(run: () => void, ms: number): void {
    const timer = setTimeout(() => {
      timers.delete(timer);
      run();
    }, ms);
    timers.add(timer);
  }

  /** Reads a segment into the pool; answers its list, or null when it failed or came too late. */
  async function loadSegment(segment: number): Promise<readonly DanmakuView[] | null> {
    try {
      const { danmaku_list: list } = await client().call(listDanmaku, {
        ...DANMAKU_CALL_PARAMS,
        item_id: itemId,
        segment_index: segment,
      });
      if (!running) {
        requested.delete(segment);
        return null;
      }
      if (pool.addMany(list).length > 0) reloadSink();
      return list;
    } catch (error) {
      if (!running) {
        requested.delete(segment);
        return null;
      }
      console.warn('melon danmaku: segment failed', segment, error);
      later(() => requested.delete(segment), SEGMENT_RETRY_MS);
      return null;
    }
  }

  /**
   * Reads a segment again after a reconnection: adds what was sent while the connection was down
   * and forgets what was deleted meanwhile. Only danmaku known before the read can be gone (a
   * live arrival during the read is newer than the answer), and only a segment under the cap
   * lists all it holds.
   */
  async function rereadSegment(segment: number): Promise<void> {
    const from = (segment - 1) * DANMAKU_SEGMENT_MS;
    const knownBefore = pool.list
      .filter((view) => view.offset_ms >= from && view.offset_ms < from + DANMAKU_SEGMENT_MS)
      .map((view) => view.id)
      .filter((id) => !pending.has(id));
    const list = await loadSegment(segment);
    if (!list || list.length >= DANMAKU_SEGMENT_MAX) return;
    const listed = new Set(list.map((view) => view.id));
    for (const id of knownBefore) if (!listed.has(id)) forget(id);
  }

  function forget(id: string): void {
    for (const alias of pool.remove(id)) sink?.remove(alias);
  }

  /** The local id of the viewer's waiting send that `view` is the stored copy of, if any. */
  function waitingSendOf(view: DanmakuView): string | undefined {
    if (view.sender_id === null || view.sender_id !== viewerId) return undefined;
    for (const [localId, text] of pending) if (text === view.text) return localId;
    return undefined;
  }

  function arrive(view: DanmakuView): void {
    if (view.item_id !== itemId) return;
    const localId = waitingSendOf(view);
    if (localId !== undefined) {
      // The echo of a send whose answer is still on its way: it takes the place of the local
      // copy already on screen, so the list never holds both.
      pending.delete(localId);
      pool.confirm(localId, view);
      return;
    }
    if (pool.add(view)) sink?.add(toEngine(view));
  }

  return {
    itemId,
    viewerId,
    pool,
    get viewers() {
      return viewers;
    },
    subscribeViewers(listener) {
      viewerListeners.add(listener);
      return () => viewerListeners.delete(listener);
    },
    attach(next) {
      sink = next;
      reloadSink();
    },
    follow(timeMs, durationMs) {
      if (!running) return;
      lastTimeMs = timeMs;
      for (const segment of segmentsToLoad(timeMs, durationMs, requested)) {
        requested.add(segment);
        void loadSegment(segment);
      }
    },
    receive(message) {
      if (!running) return;
      switch (message.op) {
        case 'danmaku':
          arrive(message.data);
          return;
        case 'like':
          pool.setLikes(message.data.danmaku_id, message.data.like_count);
          return;
        case 'delete':
          forget(message.data.danmaku_id);
          return;
        case 'viewers':
          if (message.data.item_id !== itemId) return;
          viewers = message.data.count;
          for (const listener of viewerListeners) listener();
          return;
        case 'pong':
          return;
      }
    },
    reconnected() {
      if (running) void rereadSegment(segmentOf(lastTimeMs));
    },
    async send(input) {
      const local: DanmakuView = {
        id: `local-${++localIds}`,
        item_id: itemId,
        offset_ms: input.offset_ms,
        text: input.text,
        colour: input.colour,
        mode: input.mode,
        size: input.size,
        pool: 'normal',
        sender_id: viewerId,
        send_time: now(),
        like_count: 0,
        sticker_id: null,
      };
      pool.add(local);
      sink?.add(toEngine(local));
      pending.set(local.id, local.text);
      try {
        const { danmaku: stored } = await client().call(sendDanmaku, {
          ...DANMAKU_CALL_PARAMS,
          ...input,
          item_id: itemId,
        });
        // Unless its live echo came first and stood in for it already.
        if (pending.has(local.id)) pool.confirm(local.id, stored);
        return stored;
      } catch (error) {
        // An echo proves the server stored it after all; otherwise the local copy goes.
        if (pending.has(local.id)) {
          pool.remove(local.id);
          sink?.remove(local.id);
        }
        throw error;
      } finally {
        pending.delete(local.id);
      }
    },
    start() {
      running = true;
      return () => {
        running = false;
        for (const timer of timers) clearTimeout(timer);
        timers.clear();
      };
    },
  };
}
