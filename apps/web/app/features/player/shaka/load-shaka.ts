import type shakaNamespace from 'shaka-player';

export type Shaka = typeof shakaNamespace;

let loading: Promise<Shaka> | undefined;

/** Shaka Player, loaded once in the browser (never on the server) with its polyfills installed. */
export function loadShaka(): Promise<Shaka> {
  loading ??= import('shaka-player').then((module) => {
    const shaka = module.default;
    shaka.polyfill.installAll();
    return shaka;
  });
  return loading;
}
