import { useCallback, useMemo, useRef, useState, type ReactNode } from 'react';
import { CaptchaContext, type CaptchaApi } from '~/features/captcha/captcha-context.ts';
import { CaptchaDialog } from '~/features/captcha/components/CaptchaDialog.tsx';

interface Pending {
  id: number;
  settle: (solution: string | null) => void;
}

/** Holds the human verification: one at a time; asking while it shows joins that one. */
export function CaptchaProvider({ children }: { children: ReactNode }) {
  const [pending, setPending] = useState<Pending | null>(null);
  const shared = useRef<Promise<string | null> | null>(null);
  const nextId = useRef(1);

  const solve = useCallback(() => {
    shared.current ??= new Promise<string | null>((resolve) => {
      setPending({
        id: nextId.current++,
        settle: (solution) => {
          shared.current = null;
          setPending(null);
          resolve(solution);
        },
      });
    });
    return shared.current;
  }, []);

  const api = useMemo<CaptchaApi>(() => ({ solve }), [solve]);

  return (
    <CaptchaContext value={api}>
      {children}
      {pending && <CaptchaDialog key={pending.id} onDone={pending.settle} />}
    </CaptchaContext>
  );
}
