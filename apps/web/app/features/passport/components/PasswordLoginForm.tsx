import { useState, type SubmitEvent } from 'react';
import { passwordLogin } from '@melon/shared/calls/passport.calls';
import { Field, PageLink, SubmitRows } from '~/features/passport/components/FormParts.tsx';
import { SignInFooter } from '~/features/passport/components/SignInFooter.tsx';
import { useLoginSubmit } from '~/features/passport/hooks/use-login-submit.ts';
import type { LoginFormProps } from '~/features/passport/login-form-props.ts';
import { passportMessages as t } from '~/features/passport/messages.ts';
import { checkAccount, checkLoginPassword } from '~/features/passport/validation.ts';
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
  const { status, submit } = useLoginSubmit(agreed);
  const [account, setAccount] = useState('');
  const [password, setPassword] = useState('');

  function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    const checks = [
      [checkAccount, account],
      [checkLoginPassword, password],
    ] as const;
    submit(event, checks, async () => {
      await browserClient().call(passwordLogin, { account: account.trim(), password });
      await onSignedIn(t.loginSuccess);
    });
  }

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate>
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
        <PageLink go={go} to="sms">
          {t.link.smsLogin}
        </PageLink>
        <PageLink go={go} to="reset">
          {t.link.forgotPassword}
        </PageLink>
      </div>
      <SubmitRows status={status} agreed={agreed} setAgreed={setAgreed}>
        {t.submit.login}
      </SubmitRows>
      <SignInFooter go={go} agreed={agreed} thirdParty={thirdParty} status={status} />
    </form>
  );
}
