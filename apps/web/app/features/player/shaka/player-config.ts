/**
 * Buffer settings (SPEC §9 and decision 008): playback starts on the first 0.1 s of data (the
 * spec's buffer threshold) instead of the manifest's minBufferTime, and keeps 30 s ahead and
 * 30 s behind the playhead.
 */
export const BUFFERING_GOAL_S = 30;

export function shakaConfiguration(bufferGoal: number = BUFFERING_GOAL_S) {
  return {
    streaming: {
      rebufferingGoal: 0.1,
      bufferingGoal: bufferGoal,
      bufferBehind: 30,
      retryParameters: { maxAttempts: 3, baseDelay: 500, timeout: 10_000 },
    },
    manifest: {
      dash: { ignoreMinBufferTime: true },
      retryParameters: { maxAttempts: 3, baseDelay: 500, timeout: 10_000 },
    },
    abr: { enabled: true, defaultBandwidthEstimate: 1_000_000 },
    // The MediaSource goes in the element's src, not in a <source> child: the server-rendered
    // <video> starts playing before it hydrates, and a child React did not render fails the
    // hydration of the whole page (decision 015).
    mediaSource: { useSourceElements: false },
  };
}

/** The manifest to play: DASH through Media Source Extensions, HLS where MSE is missing. */
export function manifestToPlay(
  source: { dashUrl: string | null; hlsUrl: string | null },
  hasMediaSource: boolean,
): { url: string; mimeType: string } | null {
  if (hasMediaSource && source.dashUrl)
    return { url: source.dashUrl, mimeType: 'application/dash+xml' };
  if (source.hlsUrl) return { url: source.hlsUrl, mimeType: 'application/x-mpegurl' };
  return source.dashUrl ? { url: source.dashUrl, mimeType: 'application/dash+xml' } : null;
}
