import { useCallback, useEffect, useState } from 'react';
import type { Diagnostics } from '~/features/debug/diagnostics.ts';
import { collectDiagnostics } from '~/features/debug/probes.ts';

/** The checks, run once the page is in the browser and again on demand; null while running. */
export function useDiagnostics(socketUrl: () => string, session: Diagnostics['session']) {
  const [found, setFound] = useState<Diagnostics | null>(null);
  const [run, setRun] = useState(0);
  const { signedIn, userId } = session;
  useEffect(() => {
    let current = true;
    void collectDiagnostics(socketUrl(), { signedIn, userId }).then((result) => {
      if (current) setFound(result);
    });
    return () => {
      current = false;
    };
  }, [run, socketUrl, signedIn, userId]);
  const recheck = useCallback(() => {
    setFound(null);
    setRun((count) => count + 1);
  }, []);
  return { found, recheck };
}
