import type { PreferenceInputs } from '../preferences.ts';
import type { StartedPlayback } from '../shaka/start-playback.ts';

/**
 * The early start (decision 015): the server-rendered page starts playback before the app
 * hydrates. An inline script right after the <video> queues the element with its plan; the boot
 * script (`player-boot.ts`, loaded async from <head>) starts every queued entry as soon as Shaka
 * is there; the player's hook later takes the running playback over instead of starting anew.
 */
export interface EarlyPlan {
  inputs: PreferenceInputs;
  autoplay: boolean;
}

export interface EarlyEntry {
  video: HTMLVideoElement;
  plan: EarlyPlan;
  /** Set by the boot script when it starts the entry. */
  playback?: Promise<StartedPlayback | null>;
}

const QUEUE = 'melonEarlyStart';

function queue(): EarlyEntry[] {
  const holder = window as unknown as Record<typeof QUEUE, EarlyEntry[] | undefined>;
  holder[QUEUE] ??= [];
  return holder[QUEUE];
}

/** The inline script to place right after the <video>: queues that element with its plan. */
export function earlyStartScript(plan: EarlyPlan): string {
  const json = JSON.stringify(plan).replace(/</g, '\\u003c');
  return (
    `(window.${QUEUE}=window.${QUEUE}||[]).push(` +
    `{video:document.currentScript.previousElementSibling,plan:${json}})`
  );
}

/** In the boot script: starts every queued entry, now and as the page queues more. */
export function runEarlyStarts(start: (entry: EarlyEntry) => Promise<StartedPlayback | null>) {
  const entries = queue();
  const run = (entry: EarlyEntry) => {
    entry.playback ??= start(entry);
  };
  entries.forEach(run);
  entries.push = (...added: EarlyEntry[]) => {
    for (const entry of added) {
      Array.prototype.push.call(entries, entry);
      run(entry);
    }
    return entries.length;
  };
}

/**
 * In the player: the early playback of this element and item, if the boot script started one.
 * The entry leaves the queue either way, so that a boot script arriving late never starts it.
 */
export function takeEarlyStart(
  video: HTMLVideoElement,
  itemId: string,
): Promise<StartedPlayback | null> | null {
  const entries = queue();
  const index = entries.findIndex(
    (entry) => entry.video === video && entry.plan.inputs.source.itemId === itemId,
  );
  if (index === -1) return null;
  const [entry] = entries.splice(index, 1);
  return entry?.playback ?? null;
}

/**
 * In the app's entry: runs `hydrate` once the early-started video shows its first frame (or
 * fails), at the latest after `capMs`; at once on pages without an early start. Hydrating a
 * whole page takes the main thread for hundreds of milliseconds on a slow device, which would
 * otherwise hold up Shaka's appends and the first frame (decision 015).
 */
export function afterEarlyFirstFrame(hydrate: () => void, capMs: number): void {
  const videos = queue().map((entry) => entry.video);
  if (videos.length === 0) {
    hydrate();
    return;
  }
  let done = false;
  const events = ['playing', 'error'] as const;
  const once = () => {
    if (done) return;
    done = true;
    clearTimeout(timer);
    for (const video of videos) for (const name of events) video.removeEventListener(name, once);
    hydrate();
  };
  const timer = setTimeout(once, capMs);
  for (const video of videos) {
    if (video.played.length > 0) {
      once();
      return;
    }
    for (const name of events) video.addEventListener(name, once);
  }
}
