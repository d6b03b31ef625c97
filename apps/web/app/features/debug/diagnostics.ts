/** What the debug page /debug finds out about this browser and its way to the server (decision 056). */
export interface Diagnostics {
  /** When the checks ran (this browser's clock). */
  checkedAt: number;
  page: { address: string; build: string | null };
  browser: {
    userAgent: string;
    language: string;
    /** CSS pixels × device pixel ratio. */
    screen: string;
    online: boolean;
    cookies: boolean;
  };
  media: {
    mediaSource: boolean;
    /** Safari's ManagedMediaSource (iPhone from iOS 17.1). */
    managedMediaSource: boolean;
    codecs: { name: string; supported: boolean }[];
  };
  serviceWorker: { supported: boolean; registrations: number; controlled: boolean };
  storage: { usageBytes: number; quotaBytes: number; persisted: boolean } | null;
  /** skewMs > 0: this browser's clock is behind the server's. */
  clock: { skewMs: number; roundTripMs: number } | { error: string };
  socket: { roundTripMs: number } | { error: string };
  session: { signedIn: boolean; userId: string | null };
}

/** The codecs Melon's player may need, as MediaSource.isTypeSupported is asked about them. */
export const CODEC_PROBES = [
  { name: 'H.264', type: 'video/mp4; codecs="avc1.64001f"' },
  { name: 'HEVC', type: 'video/mp4; codecs="hvc1.1.6.L93.B0"' },
  { name: 'AV1', type: 'video/mp4; codecs="av01.0.05M.08"' },
  { name: 'VP9', type: 'video/webm; codecs="vp9"' },
  { name: 'AAC', type: 'audio/mp4; codecs="mp4a.40.2"' },
  { name: 'Opus', type: 'audio/webm; codecs="opus"' },
] as const;
