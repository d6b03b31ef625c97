import { useState, type SubmitEvent } from 'react';
import { passwordLogin } from '~/features/passport/api/password-login.ts';
import {
  Agreement,
  Field,
  FormMessageLine,
  SubmitButton,
  SwitchLink,
} from '~/features/passport/components/FormParts.tsx';
import { OtherMethods } from '~/features/passport/components/ThirdPartyButtons.tsx';
import { useFormStatus } from '~/features/passport/hooks/use-form-status.ts';
import type { LoginFormProps } from '~/features/passport/login-form-props.ts';
import { passportMessages as t } from '~/features/passport/messages.ts';
import { checkAccount, checkLoginPassword, firstProblem } from '~/features/passport/validation.ts';
import { browserClient } from '~/lib/browser-client.ts';
import styles from './login-form.module.css';

/** 密码登录: a mobile number, an email or a user name with its password. Shown first. */
export function PasswordLoginForm({
  go,
  agreed,
  setAgreed,
  thirdParty,
  onSignedIn,
}: LoginFormProps) {
  const status = useFormStatus();
  const [account, setAccount] = useState('');
  const [password, setPassword] = useState('');

  function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const problem =
      firstProblem([
        [checkAccount, account],
        [checkLoginPassword, password],
      ]) ?? (agreed ? null : t.error.agreement);
    if (problem) {
      status.fail(problem);
      return;
    }
    void status.run(async () => {
      await passwordLogin(browserClient(), { account: account.trim(), password });
      await onSignedIn(t.loginSuccess);
    });
  }

  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      <Field
        label={t.label.account}
        name="account"
        autoComplete="username"
        placeholder={t.placeholder.account}
        maxLength={254}
        value={account}
        onChange={(event) => {
          setAccount(event.target.value);
        }}
        autoFocus
      />
      <Field
        label={t.label.password}
        name="password"
        type="password"
        autoComplete="current-password"
        placeholder={t.placeholder.password}
        maxLength={64}
        value={password}
        onChange={(event) => {
          setPassword(event.target.value);
        }}
      />
      <div className={styles.switchRow}>
        <SwitchLink
          onClick={() => {
            go('sms');
          }}
        >
          {t.link.smsLogin}
        </SwitchLink>
        <SwitchLink
          onClick={() => {
            go('reset');
          }}
        >
          {t.link.forgotPassword}
        </SwitchLink>
      </div>
      <FormMessageLine message={status.message} />
      <SubmitButton pending={status.pending}>{t.submit.login}</SubmitButton>
      <Agreement checked={agreed} onChange={setAgreed} />
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
    </form>
  );
}

/** 还没有账号？手机号注册 · 邮箱注册 */
export function RegisterLinks({ go }: Pick<LoginFormProps, 'go'>) {
  return (
    <p className={styles.registerRow}>
      <span>{t.link.noAccount}</span>
      <SwitchLink
        onClick={() => {
          go('mobile-register');
        }}
      >
        {t.link.mobileRegister}
      </SwitchLink>
      <span aria-hidden="true">·</span>
      <SwitchLink
        onClick={() => {
          go('email-register');
        }}
      >
        {t.link.emailRegister}
      </SwitchLink>
    </p>
  );
}
