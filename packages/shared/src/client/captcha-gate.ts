/** Shows the captcha; answers the solution to send with the repeat, or null when closed. */
export type CaptchaHook = (info: { path: string }) => Promise<string | null>;

export interface CaptchaGate {
  /** Resolves once no captcha is showing; requests call it before they go out (SPEC §4). */
  idle(): Promise<void>;
  /** Shows the captcha, or joins the one showing; the solution, or null to give up. */
  solve(path: string): Promise<string | null>;
}

/** One captcha at a time per client: answers that ask for it while it shows share its outcome. */
export function createCaptchaGate(hook: CaptchaHook | undefined): CaptchaGate {
  let pending: Promise<string | null> | undefined;

  return {
    async idle() {
      while (pending) await pending;
    },
    solve(path) {
      if (!hook) return Promise.resolve(null);
      // A captcha widget that throws counts as closed.
      pending ??= (async () => hook({ path }))()
        .catch(() => null)
        .finally(() => {
          pending = undefined;
        });
      return pending;
    },
  };
}
