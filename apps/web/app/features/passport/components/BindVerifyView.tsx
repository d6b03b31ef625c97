import { useState, type SubmitEvent } from 'react';
import { confirmBindVerification, sendBindVerificationCode } from '@melon/shared/calls/oauth.calls';
import type { BindVerification } from '@melon/shared/contracts/passport';
import { sameOriginPath } from '@melon/shared/same-origin-path';
import { CodeField } from '~/features/passport/components/CodeField.tsx';
import { FormMessageLine } from '~/features/passport/components/FormParts.tsx';
import { useFormStatus } from '~/features/passport/hooks/use-form-status.ts';
import type { LoginFormProps } from '~/features/passport/login-form-props.ts';
import { passportMessages as t } from '~/features/passport/messages.ts';
import { checkCode } from '~/features/passport/validation.ts';
import { browserClient } from '~/lib/browser-client.ts';
import styles from './login-form.module.css';

interface BindVerifyViewProps extends Pick<LoginFormProps, 'onSignedIn'> {
  /** The pending check as the server rendered it; null when there is none (any more). */
  verification?: BindVerification | null;
}

/**
 * 验证手机号: a third-party account whose mobile number has an account here binds to it only
 * once the code sent to that number is typed; then it signs in, or goes on to the bind conflict.
 */
export function BindVerifyView({ verification, onSignedIn }: BindVerifyViewProps) {
  const status = useFormStatus();
  const [code, setCode] = useState('');
  const platform = verification ? (t.platform[verification.platform] ?? verification.platform) : '';

  function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const problem = checkCode(code);
    if (problem) {
      status.fail(problem);
      return;
    }
    void status.run(async () => {
      const result = await browserClient().call(confirmBindVerification, { code });
      if (result.signed_in) {
        await onSignedIn(t.loginSuccess, result.next);
        return;
      }
      window.location.assign(sameOriginPath(result.next, window.location.origin));
    });
  }

  if (!verification) {
    return (
      <div className={styles.form}>
        <FormMessageLine message={{ tone: 'error', text: t.bindVerify.missing }} />
      </div>
    );
  }
  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate>
      <div className={styles.conflict}>
        <p className={styles.conflictText}>
          {t.bindVerify.text(platform, verification.incoming_name)}
        </p>
        <p className={styles.conflictDetail}>{t.bindVerify.mobile(verification.mobile)}</p>
      </div>
      <CodeField
        value={code}
        onChange={setCode}
        status={status}
        check={() => null}
        send={() => browserClient().call(sendBindVerificationCode)}
      />
      <FormMessageLine message={status.message} />
      <button type="submit" className={styles.submit} disabled={status.pending}>
        {t.bindVerify.submit}
      </button>
    </form>
  );
}
