import { useState } from 'react';
import type { BindConflict, BindVerification } from '@melon/shared/contracts/passport';
import { CloseButton } from '~/components/ui/CloseButton.tsx';
import { MelonMark } from '~/components/ui/MelonMark.tsx';
import { BindConflictView } from '~/features/passport/components/BindConflictView.tsx';
import { BindVerifyView } from '~/features/passport/components/BindVerifyView.tsx';
import { EmailRegisterForm } from '~/features/passport/components/EmailRegisterForm.tsx';
import { PasswordLoginForm } from '~/features/passport/components/PasswordLoginForm.tsx';
import { ResetPasswordForm } from '~/features/passport/components/ResetPasswordForm.tsx';
import { ScanLogin } from '~/features/passport/components/ScanLogin.tsx';
import { SmsLoginForm } from '~/features/passport/components/SmsLoginForm.tsx';
import type { ThirdPartyOptions } from '~/features/passport/components/ThirdPartyButtons.tsx';
import type { LoginPage } from '~/features/passport/login-context.ts';
import type { LoginFormProps } from '~/features/passport/login-form-props.ts';
import { loginTitle, type LoginSource } from '~/features/passport/login-sources.ts';
import { passportMessages as t } from '~/features/passport/messages.ts';
import styles from './LoginPanel.module.css';

interface LoginPanelProps {
  headingId: string;
  source: LoginSource;
  page: LoginPage;
  onPageChange: (page: LoginPage) => void;
  thirdParty: ThirdPartyOptions | null;
  onSignedIn: (message: string, redirect?: string) => Promise<void>;
  /** Shows the close button (SPEC §2: unless closing is disabled). */
  onClose?: (() => void) | undefined;
  /** The bind conflict as the server rendered it, for the bind-conflict page. */
  conflict?: BindConflict | null;
  /** The pending SMS check as the server rendered it, for the bind-verify page. */
  verification?: BindVerification | null;
}

/** The title of a page: the trigger's prompt on the sign-in pages, the page's own elsewhere. */
function titleOf(page: LoginPage, source: LoginSource): string {
  switch (page) {
    case 'password':
    case 'sms':
    case 'scan':
      return loginTitle(source);
    case 'mobile-register':
      return t.title.mobileRegister;
    case 'email-register':
      return t.title.emailRegister;
    case 'reset':
      return t.title.reset;
    case 'bind-conflict':
      return t.title.bindConflict;
    case 'bind-verify':
      return t.title.bindVerify;
  }
}

function Brand() {
  return (
    <aside className={styles.brand} aria-hidden="true">
      <MelonMark size={56} />
      <p className={styles.brandName}>{t.siteName}</p>
      <p className={styles.brandSlogan}>{t.brandSlogan}</p>
      <ul className={styles.benefits}>
        {t.benefits.map((benefit) => (
          <li key={benefit}>{benefit}</li>
        ))}
      </ul>
    </aside>
  );
}

/**
 * The login form with its pages (SPEC §2): 661 px wide with the brand column, narrower on
 * password reset. Used by the dialog and by the sign-on page.
 */
export function LoginPanel({
  headingId,
  source,
  page,
  onPageChange,
  thirdParty,
  onSignedIn,
  onClose,
  conflict,
  verification,
}: LoginPanelProps) {
  const [agreed, setAgreed] = useState(true);
  const narrow = page === 'reset';
  const props: LoginFormProps = { go: onPageChange, agreed, setAgreed, thirdParty, onSignedIn };

  return (
    <div className={narrow ? `${styles.panel} ${styles.narrow}` : styles.panel} data-page={page}>
      {!narrow && <Brand />}
      <div className={styles.main}>
        <h2 id={headingId} className={styles.title}>
          {titleOf(page, source)}
        </h2>
        {onClose && (
          <CloseButton label={t.close} size={20} className={styles.close} onClick={onClose} />
        )}
        {page === 'password' && <PasswordLoginForm key={page} {...props} />}
        {page === 'sms' && <SmsLoginForm key={page} purpose="login" {...props} />}
        {page === 'mobile-register' && <SmsLoginForm key={page} purpose="register" {...props} />}
        {page === 'scan' && <ScanLogin {...props} />}
        {page === 'email-register' && <EmailRegisterForm {...props} />}
        {page === 'reset' && <ResetPasswordForm {...props} />}
        {page === 'bind-verify' && (
          <BindVerifyView verification={verification} onSignedIn={onSignedIn} />
        )}
        {page === 'bind-conflict' && (
          <BindConflictView conflict={conflict} go={onPageChange} onSignedIn={onSignedIn} />
        )}
      </div>
    </div>
  );
}
