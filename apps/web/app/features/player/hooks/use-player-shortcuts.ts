import { useEffect } from 'react';
import { shortcutFor, type ShortcutAction } from '../shortcuts.ts';

/** Space, arrows, f and m anywhere on the page, except while typing (see shortcutFor). */
export function usePlayerShortcuts(run: (action: ShortcutAction) => void): void {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented) return;
      const target = event.target instanceof HTMLElement ? event.target : null;
      const action = shortcutFor({
        key: event.key,
        ctrlKey: event.ctrlKey,
        metaKey: event.metaKey,
        altKey: event.altKey,
        targetTag: target?.tagName ?? 'BODY',
        targetEditable: target?.isContentEditable ?? false,
      });
      if (!action) return;
      event.preventDefault();
      run(action);
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
    };
  }, [run]);
}
