/**
 * Calls `onChange` when the canvas's box changes (resize, fullscreen, layout) or the device
 * pixel ratio does (browser zoom, a move to another screen). Returns the unwatch function.
 */
export function watchSize(canvas: HTMLCanvasElement, onChange: () => void): () => void {
  const observer =
    typeof ResizeObserver === 'function'
      ? new ResizeObserver(() => {
          onChange();
        })
      : undefined;
  observer?.observe(canvas);

  // A resolution query matches one ratio only, so it is made again after every change.
  let query: MediaQueryList | undefined;
  const watchRatio = () => {
    query?.removeEventListener('change', onRatioChange);
    if (typeof matchMedia !== 'function') return;
    query = matchMedia(`(resolution: ${globalThis.devicePixelRatio || 1}dppx)`);
    query.addEventListener('change', onRatioChange);
  };
  function onRatioChange(): void {
    onChange();
    watchRatio();
  }
  watchRatio();

  return () => {
    observer?.disconnect();
    query?.removeEventListener('change', onRatioChange);
  };
}
