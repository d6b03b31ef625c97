import { useState, type SubmitEvent } from 'react';
import { resetPassword } from '~/features/passport/api/reset-password.ts';
import { sendSmsCode } from '~/features/passport/api/send-sms-code.ts';
import {
  Agreement,
  Field,
  FormMessageLine,
  SendCodeButton,
  SubmitButton,
  SwitchLink,
} from '~/features/passport/components/FormParts.tsx';
import { useFormStatus } from '~/features/passport/hooks/use-form-status.ts';
import type { LoginFormProps } from '~/features/passport/login-form-props.ts';
import { passportMessages as t } from '~/features/passport/messages.ts';
import {
  checkCode,
  checkConfirmation,
  checkMobile,
  checkNewPassword,
  firstProblem,
  normaliseMobile,
} from '~/features/passport/validation.ts';
import { browserClient } from '~/lib/browser-client.ts';
import styles from './login-form.module.css';

/** 重置密码: a code to the account's mobile number and a new password; signs in here. */
export function ResetPasswordForm({ go, agreed, setAgreed, onSignedIn }: LoginFormProps) {
  const status = useFormStatus();
  const [mobile, setMobile] = useState('');
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');

  function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const problem =
      firstProblem([
        [checkMobile, mobile],
        [checkCode, code],
        [checkNewPassword, password],
        [checkConfirmation(password), confirmation],
      ]) ?? (agreed ? null : t.error.agreement);
    if (problem) {
      status.fail(problem);
      return;
    }
    void status.run(async () => {
      await resetPassword(browserClient(), {
        mobile: normaliseMobile(mobile),
        code: code.trim(),
        password,
      });
      await onSignedIn(t.resetSuccess);
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
              sendSmsCode(browserClient(), { mobile: normaliseMobile(mobile), type: 'reset' })
            }
          />
        }
      />
      <Field
        label={t.label.newPassword}
        name="password"
        type="password"
        autoComplete="new-password"
        placeholder={t.placeholder.newPassword}
        maxLength={64}
        value={password}
        onChange={(event) => {
          setPassword(event.target.value);
        }}
      />
      <Field
        label={t.label.confirmPassword}
        name="confirmation"
        type="password"
        autoComplete="new-password"
        placeholder={t.placeholder.confirmNewPassword}
        maxLength={64}
        value={confirmation}
        onChange={(event) => {
          setConfirmation(event.target.value);
        }}
      />
      <div className={styles.switchRow}>
        <SwitchLink
          onClick={() => {
            go('password');
          }}
        >
          {t.link.backToLogin}
        </SwitchLink>
      </div>
      <FormMessageLine message={status.message} />
      <SubmitButton pending={status.pending}>{t.submit.reset}</SubmitButton>
      <Agreement checked={agreed} onChange={setAgreed} />
    </form>
  );
}
