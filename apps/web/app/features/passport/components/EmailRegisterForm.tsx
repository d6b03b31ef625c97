import { useState, type SubmitEvent } from 'react';
import { emailRegister, sendEmailCode } from '@melon/shared/calls/passport.calls';
import { CodeField } from '~/features/passport/components/CodeField.tsx';
import { Field, PageLink, SubmitRows } from '~/features/passport/components/FormParts.tsx';
import { NewPasswordFields } from '~/features/passport/components/NewPasswordFields.tsx';
import { useLoginSubmit } from '~/features/passport/hooks/use-login-submit.ts';
import { useNewPassword } from '~/features/passport/hooks/use-new-password.ts';
import type { LoginFormProps } from '~/features/passport/login-form-props.ts';
import { passportMessages as t } from '~/features/passport/messages.ts';
import { checkCode, checkEmail } from '~/features/passport/validation.ts';
import { browserClient } from '~/lib/browser-client.ts';
import styles from './login-form.module.css';

/** 邮箱注册: an email address, a code sent to it, and a password. */
export function EmailRegisterForm({ go, agreed, setAgreed, onSignedIn }: LoginFormProps) {
  const { status, submit } = useLoginSubmit(agreed);
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  const newPassword = useNewPassword();

  function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    const checks = [[checkEmail, email], [checkCode, code], ...newPassword.checks] as const;
    submit(event, checks, async () => {
      await browserClient().call(emailRegister, {
        email: email.trim(),
        code: code.trim(),
        password: newPassword.password,
      });
      await onSignedIn(t.registerSuccess);
    });
  }

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate>
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
      <CodeField
        value={code}
        onChange={setCode}
        status={status}
        check={() => checkEmail(email)}
        send={() => browserClient().call(sendEmailCode, { email: email.trim(), type: 'register' })}
      />
      <NewPasswordFields wording="register" newPassword={newPassword} />
      <div className={styles.switchRow}>
        <PageLink go={go} to="password">
          {t.link.backToLogin}
        </PageLink>
        <PageLink go={go} to="mobile-register">
          {t.link.mobileRegister}
        </PageLink>
      </div>
      <SubmitRows status={status} agreed={agreed} setAgreed={setAgreed}>
        {t.submit.register}
      </SubmitRows>
    </form>
  );
}
