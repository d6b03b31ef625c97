import { useCallback, useRef, useState } from 'react';
import { useLogin } from '~/features/passport/hooks/use-login.ts';
import type { LoginSource } from '~/features/passport/login-sources.ts';

export interface LoginGuard {
  /**
   * Runs the action when signed in, else opens the login prompt with the guard's source and runs
   * it after sign-in. While an action is pending, further calls are refused.
   */
  run: (action: () => unknown) => void;
  pending: boolean;
  signedIn: boolean;
}

/** The login-required guard of SPEC §6 for one kind of action. */
export function useLoginGuard(source: LoginSource): LoginGuard {
  const { account, requireLogin } = useLogin();
  const busy = useRef(false);
  const [pending, setPending] = useState(false);

  const run = useCallback(
    (action: () => unknown) => {
      if (busy.current) return;
      requireLogin(source, () => {
        if (busy.current) return;
        busy.current = true;
        setPending(true);
        Promise.resolve()
          .then(action)
          .catch((error: unknown) => {
            console.error(error);
          })
          .finally(() => {
            busy.current = false;
            setPending(false);
          });
      });
    },
    [requireLogin, source],
  );

  return { run, pending, signedIn: account !== null };
}
