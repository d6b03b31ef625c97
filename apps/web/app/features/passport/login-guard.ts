import type { LoginSource } from '~/features/passport/login-sources.ts';

/**
 * The login-required guard of SPEC §6: runs `action` when signed in, otherwise opens the login
 * prompt titled for `source` and runs it once signed in. An action that answers a promise is
 * pending until it settles, and meanwhile every further call for the same source is refused:
 * a double click sends one request.
 */
export type LoginGuard = (source: LoginSource, action: () => unknown) => void;

/** Who is asking, as the caller knows it at the moment of the call. */
export interface LoginState {
  signedIn: boolean;
  /** Opens the login prompt; `then` runs once signed in. */
  prompt: (then: () => void) => void;
}

const isPromiseLike = (value: unknown): value is PromiseLike<unknown> =>
  typeof (value as PromiseLike<unknown> | null)?.then === 'function';

/** The guard's memory of pending actions, one per LoginProvider. */
export function createLoginGuard(): (
  source: LoginSource,
  action: () => unknown,
  login: LoginState,
) => void {
  const pending = new Set<LoginSource>();

  const start = (source: LoginSource, action: () => unknown) => {
    if (pending.has(source)) return;
    const result = action();
    if (!isPromiseLike(result)) return;
    pending.add(source);
    // The action shows its own failures; one it did not catch still reaches the console.
    void Promise.resolve(result)
      .catch((error: unknown) => {
        console.error(error);
      })
      .finally(() => {
        pending.delete(source);
      });
  };

  return (source, action, login) => {
    if (pending.has(source)) return;
    if (login.signedIn) start(source, action);
    else
      login.prompt(() => {
        start(source, action);
      });
  };
}
