/**
 * ffmpeg's dash muxer claims `bitstreamSwitching="true"` for every adaptation set, which would
 * let a player feed one representation's segments after another's init segment. The rungs have
 * different sizes and H.264 parameter sets, so each needs its own init segment: the claim goes.
 */
export function rewriteDashManifest(text: string): string {
  return text.replaceAll(' bitstreamSwitching="true"', '');
}
