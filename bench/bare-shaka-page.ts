/** What the bare player page shows and plays. */
export interface BareShakaPage {
  /** The DASH manifest's address. */
  manifest: string;
  /** Shaka's script, the very file the video page loads. */
  shakaScript: string;
  title?: string;
  /** The cover, as the `<video>`'s poster. */
  poster?: string;
}

/** Text made safe for an HTML attribute or element. */
export const escapeHtml = (text: string) => text.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * A page with nothing but a `<video>` and Shaka Player, configured with the player's buffer
 * settings, playing the manifest muted as soon as it can: the ceiling for what a page that
 * starts a DASH playback can do.
 */
export function bareShakaPage({ manifest, shakaScript, title = 'bare', poster }: BareShakaPage) {
  return `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="description" content="${escapeHtml(title)}">
<link rel="icon" href="data:,">
<title>${escapeHtml(title)}</title></head><body style="margin:0;font-family:sans-serif">
<video id="v" autoplay muted playsinline width="1280" height="720"${poster ? ` poster="${escapeHtml(poster)}"` : ''}
  style="display:block;width:100%;height:auto;background:#000"></video>
<h1 style="margin:12px;font-size:18px">${escapeHtml(title)}</h1>
<script src="${escapeHtml(shakaScript)}"></script>
<script>
(async () => {
  shaka.polyfill.installAll();
  const player = new shaka.Player();
  await player.attach(document.getElementById('v'));
  player.configure({
    streaming: { rebufferingGoal: 0.1, bufferingGoal: 30, bufferBehind: 30 },
    manifest: { dash: { ignoreMinBufferTime: true } },
    abr: { defaultBandwidthEstimate: 1000000 },
  });
  await player.load(${JSON.stringify(manifest).replace(/</g, '\\u003c')});
})();
</script></body></html>`;
}

/** The Shaka build the video page loads, as the page names it (the same file, the same server). */
export async function shakaScriptOf(pageUrl: string): Promise<string> {
  const html = await (await fetch(pageUrl)).text();
  const src = /<(?:script|link)[^>]+(?:src|href)="([^"]*shaka-player[^"]*)"/.exec(html)?.[1];
  if (!src) throw new Error('the video page names no Shaka script');
  return src;
}
