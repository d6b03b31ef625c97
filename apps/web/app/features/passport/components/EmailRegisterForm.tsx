import { useState, type SubmitEvent } from 'react';
import { emailRegister } from '~/features/passport/api/email-register.ts';
import { sendEmailCode } from '~/features/passport/api/send-email-code.ts';
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
  checkEmail,
  checkNewPassword,
  firstProblem,
} from '~/features/passport/validation.ts';
import { browserClient } from '~/lib/browser-client.ts';
import styles from './login-form.module.css';

/** 邮箱注册: an email address, a code sent to it, and a password. */
export function EmailRegisterForm({ go, agreed, setAgreed, onSignedIn }: LoginFormProps) {
  const status = useFormStatus();
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');

  function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const problem =
      firstProblem([
        [checkEmail, email],
        [checkCode, code],
        [checkNewPassword, password],
        [checkConfirmation(password), confirmation],
      ]) ?? (agreed ? null : t.error.agreement);
    if (problem) {
      status.fail(problem);
      return;
    }
    void status.run(async () => {
      await emailRegister(browserClient(), { email: email.trim(), code: code.trim(), password });
      await onSignedIn(t.registerSuccess);
    });
  }

  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      <Field
        label={t.label.email}
        name="email"
        type="email"
        autoComplete="email"
        placeholder={t.placeholder.email}
        maxLength={254}
        value={email}
        onChange={(event) => {
          setEmail(event.target.value);
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
            check={() => checkEmail(email)}
            send={() => sendEmailCode(browserClient(), { email: email.trim(), type: 'register' })}
          />
        }
      />
      <Field
        label={t.label.password}
        name="password"
        type="password"
        autoComplete="new-password"
        placeholder={t.placeholder.setPassword}
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
        placeholder={t.placeholder.confirmPassword}
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
        <SwitchLink
          onClick={() => {
            go('mobile-register');
          }}
        >
          {t.link.mobileRegister}
        </SwitchLink>
      </div>
      <FormMessageLine message={status.message} />
      <SubmitButton pending={status.pending}>{t.submit.register}</SubmitButton>
      <Agreement checked={agreed} onChange={setAgreed} />
    </form>
  );
}
