import type { SubmitEvent } from 'react';
import { useFormStatus } from '~/features/passport/hooks/use-form-status.ts';
import { passportMessages as t } from '~/features/passport/messages.ts';
import { firstProblem, type Check } from '~/features/passport/validation.ts';

/**
 * The submission of a login form and its status. `submit` shows the first problem of the
 * fields, then of the agreement box; when there is none, it runs the call.
 */
export function useLoginSubmit(agreed: boolean) {
  const status = useFormStatus();

  function submit(
    event: SubmitEvent<HTMLFormElement>,
    checks: readonly (readonly [Check, string])[],
    call: () => Promise<void>,
  ) {
    event.preventDefault();
    const problem = firstProblem(checks) ?? (agreed ? null : t.error.agreement);
    if (problem) {
      status.fail(problem);
      return;
    }
    void status.run(call);
  }

  return { status, submit };
}
