import type shakaNamespace from 'shaka-player';
import shakaScriptUrl from 'shaka-player/dist/shaka-player.dash-es2021.js?url';

export type Shaka = typeof shakaNamespace;

/**
 * Shaka's DASH build for ES2021 browsers (500 KB against the full build's 830 KB: no HLS or MSS
 * parser, no transpiling for old browsers; decision 015) as a plain script: the page's <head>
 * asks for it (async) with the server-rendered HTML, so it downloads and runs beside the app's
 * own code; it defines `window.shaka`. (Shaka cannot be imported on the server.) Where MSE is
 * missing the HLS master plays natively (src=), which needs no HLS parser.
 */
export const SHAKA_SCRIPT_URL = shakaScriptUrl;

let loading: Promise<Shaka> | undefined;

function loaded(): Shaka | undefined {
  return (window as unknown as { shaka?: Shaka }).shaka;
}

/** Shaka Player in the browser, once, with its polyfills installed. */
export function loadShaka(): Promise<Shaka> {
  loading ??= new Promise<Shaka>((resolve, reject) => {
    const ready = loaded();
    if (ready) {
      resolve(ready);
      return;
    }
    let script = document.querySelector<HTMLScriptElement>(`script[src="${SHAKA_SCRIPT_URL}"]`);
    if (!script) {
      script = document.createElement('script');
      script.src = SHAKA_SCRIPT_URL;
      script.async = true;
      document.head.append(script);
    }
    script.addEventListener('load', () => {
      const shaka = loaded();
      if (shaka) resolve(shaka);
      else reject(new Error('Shaka Player did not load'));
    });
    script.addEventListener('error', () => {
      loading = undefined;
      reject(new Error('Shaka Player did not load'));
    });
  }).then((shaka) => {
    shaka.polyfill.installAll();
    return shaka;
  });
  return loading;
}
