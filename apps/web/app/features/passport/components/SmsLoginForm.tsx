import { useState, type SubmitEvent } from 'react';
import type { CodePurpose } from '@melon/shared/contracts/passport';
import { sendSmsCode } from '~/features/passport/api/send-sms-code.ts';
import { smsLogin } from '~/features/passport/api/sms-login.ts';
import {
  Agreement,
  Field,
  FormMessageLine,
  SendCodeButton,
  SubmitButton,
  SwitchLink,
} from '~/features/passport/components/FormParts.tsx';
import { RegisterLinks } from '~/features/passport/components/PasswordLoginForm.tsx';
import { OtherMethods } from '~/features/passport/components/ThirdPartyButtons.tsx';
import { useFormStatus } from '~/features/passport/hooks/use-form-status.ts';
import type { LoginFormProps } from '~/features/passport/login-form-props.ts';
import { passportMessages as t } from '~/features/passport/messages.ts';
import {
  checkCode,
  checkMobile,
  firstProblem,
  normaliseMobile,
} from '~/features/passport/validation.ts';
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
  const status = useFormStatus();
  const [mobile, setMobile] = useState('');
  const [code, setCode] = useState('');
  const registering = purpose === 'register';

  function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const problem =
      firstProblem([
        [checkMobile, mobile],
        [checkCode, code],
      ]) ?? (agreed ? null : t.error.agreement);
    if (problem) {
      status.fail(problem);
      return;
    }
    void status.run(async () => {
      await smsLogin(browserClient(), { mobile: normaliseMobile(mobile), code: code.trim() });
      await onSignedIn(registering ? t.registerSuccess : t.loginSuccess);
    });
  }

  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      <Field
        label={t.label.mobile}
        prefix={t.label.countryCode}
        name="mobile"
        type="tel"
        inputMode="tel"
        autoComplete="tel-national"
        placeholder={t.placeholder.mobile}
        maxLength={13}
        value={mobile}
        onChange={(event) => {
          setMobile(event.target.value);
        }}
        autoFocus
      />
      <Field
        label={t.label.code}
        name="code"
        inputMode="numeric"
        autoComplete="one-time-code"
        placeholder={t.placeholder.code}
        maxLength={6}
        value={code}
        onChange={(event) => {
          setCode(event.target.value);
        }}
        trailing={
          <SendCodeButton
            status={status}
            check={() => checkMobile(mobile)}
            send={() =>
              sendSmsCode(browserClient(), { mobile: normaliseMobile(mobile), type: purpose })
            }
          />
        }
      />
      <div className={styles.switchRow}>
        {registering ? (
          <SwitchLink
            onClick={() => {
              go('password');
            }}
          >
            {t.link.backToLogin}
          </SwitchLink>
        ) : (
          <SwitchLink
            onClick={() => {
              go('password');
            }}
          >
            {t.link.passwordLogin}
          </SwitchLink>
        )}
        <span className={styles.hint}>{t.smsHint}</span>
      </div>
      <FormMessageLine message={status.message} />
      <SubmitButton pending={status.pending}>
        {registering ? t.submit.register : t.submit.login}
      </SubmitButton>
      <Agreement checked={agreed} onChange={setAgreed} />
      {registering ? (
        <p className={styles.registerRow}>
          <SwitchLink
            onClick={() => {
              go('email-register');
            }}
          >
            {t.link.emailRegister}
          </SwitchLink>
        </p>
      ) : (
        <>
          <OtherMethods
            thirdParty={thirdParty}
            agreed={agreed}
            onAgreementMissing={() => {
              status.fail(t.error.agreement);
            }}
            onScan={() => {
              go('scan');
            }}
          />
          <RegisterLinks go={go} />
        </>
      )}
    </form>
  );
}
