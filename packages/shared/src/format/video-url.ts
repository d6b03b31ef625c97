/*
 * SPEC §5: "Video URLs arrive encoded and are decoded; http prefixes stripped. Frame rates under
 * 50 ignored." The encoding is base64 of the URL's UTF-8 bytes (standard alphabet, padded);
 * decoding also strips a leading `http:` or `https:` so an absolute URL becomes
 * protocol-relative (`//cdn.example/…`) and follows the page's scheme.
 */

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;
const HTTP_PREFIX = /^https?:/i;

/** The server side: base64 of the URL's UTF-8 bytes. */
export function encodeVideoUrl(url: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(url)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/**
 * The player side: the URL an encoded `main_url`/`backup_url_1`/`dash_url`/`hls_url` stands for,
 * with any http(s) prefix stripped; null when the text is not a base64-encoded URL.
 */
export function decodeVideoUrl(encoded: string): string | null {
  const text = encoded.trim();
  if (text === '' || text.length % 4 !== 0 || !BASE64.test(text)) return null;
  let decoded: string;
  try {
    const binary = atob(text);
    const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
    decoded = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
  const url = decoded.replace(HTTP_PREFIX, '');
  return url.startsWith('/') ? url : null;
}

/** Rates of 50 fps and more count as high frame rates; lower ones are ignored (SPEC §5). */
export const HIGH_FRAME_RATE = 50;

/** The frame rate worth showing (e.g. a "60帧" badge): the rate when ≥ 50, else 0. */
export function significantFps(fps: number): number {
  return Number.isFinite(fps) && fps >= HIGH_FRAME_RATE ? Math.round(fps) : 0;
}
