import { useState, type SubmitEvent } from 'react';
import { resetPassword } from '@melon/shared/calls/passport.calls';
import { PageLink, SubmitRows } from '~/features/passport/components/FormParts.tsx';
import { NewPasswordFields } from '~/features/passport/components/NewPasswordFields.tsx';
import { SmsCodeFields } from '~/features/passport/components/SmsCodeFields.tsx';
import { useLoginSubmit } from '~/features/passport/hooks/use-login-submit.ts';
import { useNewPassword } from '~/features/passport/hooks/use-new-password.ts';
import type { LoginFormProps } from '~/features/passport/login-form-props.ts';
import { passportMessages as t } from '~/features/passport/messages.ts';
import { checkCode, checkMobile, normaliseMobile } from '~/features/passport/validation.ts';
import { browserClient } from '~/lib/browser-client.ts';
import styles from './login-form.module.css';

/** 重置密码: a code to the account's mobile number and a new password; signs in here. */
export function ResetPasswordForm({ go, agreed, setAgreed, onSignedIn }: LoginFormProps) {
  const { status, submit } = useLoginSubmit(agreed);
  const [mobile, setMobile] = useState('');
  const [code, setCode] = useState('');
  const newPassword = useNewPassword();

  function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    const checks = [[checkMobile, mobile], [checkCode, code], ...newPassword.checks] as const;
    submit(event, checks, async () => {
      await browserClient().call(resetPassword, {
        mobile: normaliseMobile(mobile),
        code: code.trim(),
        password: newPassword.password,
      });
      await onSignedIn(t.resetSuccess);
    });
  }

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate>
      <SmsCodeFields
        purpose="reset"
        status={status}
        mobile={mobile}
        onMobileChange={setMobile}
        code={code}
        onCodeChange={setCode}
      />
      <NewPasswordFields wording="reset" newPassword={newPassword} />
      <div className={styles.switchRow}>
        <PageLink go={go} to="password">
          {t.link.backToLogin}
        </PageLink>
      </div>
      <SubmitRows status={status} agreed={agreed} setAgreed={setAgreed}>
        {t.submit.reset}
      </SubmitRows>
    </form>
  );
}
