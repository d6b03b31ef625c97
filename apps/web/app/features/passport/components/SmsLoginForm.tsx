import { useState, type SubmitEvent } from 'react';
import { smsLogin } from '@melon/shared/calls/passport.calls';
import type { CodePurpose } from '@melon/shared/contracts/passport';
import { PageLink, SubmitRows } from '~/features/passport/components/FormParts.tsx';
import { SignInFooter } from '~/features/passport/components/SignInFooter.tsx';
import { SmsCodeFields } from '~/features/passport/components/SmsCodeFields.tsx';
import { useLoginSubmit } from '~/features/passport/hooks/use-login-submit.ts';
import type { LoginFormProps } from '~/features/passport/login-form-props.ts';
import { passportMessages as t } from '~/features/passport/messages.ts';
import { checkCode, checkMobile, normaliseMobile } from '~/features/passport/validation.ts';
import { browserClient } from '~/lib/browser-client.ts';
import styles from './login-form.module.css';

interface SmsFormProps extends LoginFormProps {
  /** 'login' on the code login page, 'register' on the mobile register page. */
  purpose: Extract<CodePurpose, 'login' | 'register'>;
}

/**
 * 验证码登录 and 手机号注册: a mainland mobile number and a code by SMS. Signing in with a
 * number that has no account yet creates one, so registering is the same call.
 */
export function SmsLoginForm({
  purpose,
  go,
  agreed,
  setAgreed,
  thirdParty,
  onSignedIn,
}: SmsFormProps) {
  const { status, submit } = useLoginSubmit(agreed);
  const [mobile, setMobile] = useState('');
  const [code, setCode] = useState('');
  const registering = purpose === 'register';

  function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    const checks = [
      [checkMobile, mobile],
      [checkCode, code],
    ] as const;
    submit(event, checks, async () => {
      await browserClient().call(smsLogin, { mobile: normaliseMobile(mobile), code: code.trim() });
      await onSignedIn(registering ? t.registerSuccess : t.loginSuccess);
    });
  }

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate>
      <SmsCodeFields
        purpose={purpose}
        status={status}
        mobile={mobile}
        onMobileChange={setMobile}
        code={code}
        onCodeChange={setCode}
      />
      <div className={styles.switchRow}>
        <PageLink go={go} to="password">
          {registering ? t.link.backToLogin : t.link.passwordLogin}
        </PageLink>
        <span className={styles.hint}>{t.smsHint}</span>
      </div>
      <SubmitRows status={status} agreed={agreed} setAgreed={setAgreed}>
        {registering ? t.submit.register : t.submit.login}
      </SubmitRows>
      {registering ? (
        <p className={styles.registerRow}>
          <PageLink go={go} to="email-register">
            {t.link.emailRegister}
          </PageLink>
        </p>
      ) : (
        <SignInFooter go={go} agreed={agreed} thirdParty={thirdParty} status={status} />
      )}
    </form>
  );
}
