/**
 * The boot script of the early start (decision 015), bundled on its own as a classic script and
 * loaded async from <head>: it starts the queued <video>s with the same preferences, buffer
 * settings and auto-definition as the player, before the app's code has even run.
 */
import { readPreferences } from '../preferences.ts';
import { loadShaka } from '../shaka/load-shaka.ts';
import { startPlayback } from '../shaka/start-playback.ts';
import { runEarlyStarts } from './early-start.ts';

/**
 * Resolves once the page has painted. Shaka's evaluation holds the main thread for a long task;
 * run before the first paint, it delayed the paint and, for Lighthouse, made the whole script
 * part of the paint's critical path (decision 018). The script is already downloading (a
 * high-priority preload), so only its evaluation waits.
 */
function afterFirstPaint(): Promise<void> {
  if (performance.getEntriesByType('paint').length > 0) return Promise.resolve();
  return new Promise((resolve) => {
    requestAnimationFrame(() => setTimeout(resolve, 0));
  });
}

runEarlyStarts(async ({ video, plan }) => {
  try {
    await afterFirstPaint();
    const shaka = await loadShaka();
    performance.mark('melon:shaka');
    const prefs = readPreferences(plan.inputs);
    return startPlayback(shaka, video, {
      source: plan.inputs.source,
      startSeconds: prefs.start.seconds,
      abrConfig: prefs.abrConfig,
      bufferGoal: prefs.bufferGoal,
      volume: prefs.volume,
      muted: prefs.muted,
      autoplay: plan.autoplay,
    });
  } catch {
    // Shaka did not load: the player's hook tries again and shows the error.
    return null;
  }
});
