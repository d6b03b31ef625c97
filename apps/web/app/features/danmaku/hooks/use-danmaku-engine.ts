import { useEffect, useState, type RefObject } from 'react';
import { createDanmakuEngine, type DanmakuEngine } from '@melon/danmaku/engine/engine';
import type { DanmakuSettings } from '@melon/danmaku/engine/settings';
import type { DanmakuSession } from '../danmaku-session.ts';
import { fontFactor } from '../font-factor.ts';

/**
 * The engine over `canvas`, driven by `video`'s clock, fed by the session and kept to the
 * viewer's settings (fonts shrunk on a small player). Null until the canvas and video exist.
 */
export function useDanmakuEngine(
  canvas: RefObject<HTMLCanvasElement | null>,
  video: HTMLVideoElement | null,
  session: DanmakuSession,
  settings: DanmakuSettings,
): DanmakuEngine | null {
  const [engine, setEngine] = useState<DanmakuEngine | null>(null);
  const [factor, setFactor] = useState(1);

  useEffect(() => {
    const element = canvas.current;
    if (!element || !video) return undefined;
    const created = createDanmakuEngine({ canvas: element, video });
    // The engine draws on the mounted canvas, so it can only exist after the commit; the
    // menu and the session need it, hence the state.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setEngine(created);
    const observer = new ResizeObserver(() => {
      setFactor(fontFactor(element.clientWidth));
    });
    observer.observe(element);
    return () => {
      observer.disconnect();
      created.destroy();
      setEngine(null);
    };
  }, [canvas, video]);

  useEffect(() => {
    engine?.configure({ ...settings, fontScale: settings.fontScale * factor });
  }, [engine, settings, factor]);

  useEffect(() => {
    if (!engine) return undefined;
    session.attach(engine);
    return () => {
      session.attach(null);
    };
  }, [engine, session]);

  return engine;
}
