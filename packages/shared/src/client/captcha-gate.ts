export type CaptchaHook = (info: { path: string }) => Promise<boolean>;

export interface CaptchaGate {
  /** Resolves once no captcha is showing; requests call it before they go out (SPEC §4). */
  idle(): Promise<void>;
  /** Shows the captcha, or joins the one showing; true when the request should be repeated. */
  solve(path: string): Promise<boolean>;
}

/** One captcha at a time per client: answers that ask for it while it shows share its outcome. */
export function createCaptchaGate(hook: CaptchaHook | undefined): CaptchaGate {
  let pending: Promise<boolean> | undefined;

  return {
    async idle() {
      while (pending) await pending;
    },
    solve(path) {
      if (!hook) return Promise.resolve(false);
      // A captcha widget that throws counts as closed.
      pending ??= (async () => hook({ path }))()
        .catch(() => false)
        .finally(() => {
          pending = undefined;
        });
      return pending;
    },
  };
}
