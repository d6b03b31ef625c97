import { useId, useState } from 'react';
import type { BindConflict, BindVerification } from '@melon/shared/contracts/passport';
import { LoginPanel } from '~/features/passport/components/LoginPanel.tsx';
import { useLogin } from '~/features/passport/hooks/use-login.ts';
import type { LoginPage } from '~/features/passport/login-context.ts';
import type { LoginSource } from '~/features/passport/login-sources.ts';
import styles from './LoginScreen.module.css';

interface LoginScreenProps {
  /** Where to go once signed in (a path of this site); stays on the page when absent. */
  service?: string;
  source?: LoginSource;
  initialPage?: LoginPage;
  conflict?: BindConflict | null;
  verification?: BindVerification | null;
  /** Why the last sign-in failed, as plain text (see loginError); shown above the form. */
  error?: string | null;
}

/** The login form as a page of its own (the sign-on, bind-verify and bind-conflict pages). */
export function LoginScreen({
  service,
  source = 'login',
  initialPage = 'password',
  conflict,
  verification,
  error,
}: LoginScreenProps) {
  const { platforms, completeLogin } = useLogin();
  const headingId = useId();
  const [page, setPage] = useState(initialPage);

  return (
    <section className={styles.screen} aria-labelledby={headingId}>
      <div className={styles.column}>
        {error && (
          <p className={styles.alert} role="alert">
            <svg
              className={styles.alertIcon}
              viewBox="0 0 16 16"
              width="16"
              height="16"
              aria-hidden="true"
              focusable="false"
            >
              <circle cx="8" cy="8" r="7" fill="none" stroke="currentColor" strokeWidth="1.5" />
              <path d="M8 4.5v4.25" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round" />
              <circle cx="8" cy="11.25" r="0.9" fill="currentColor" />
            </svg>
            {/* Plain text from the address: React escapes it, it is never markup. */}
            <span>{error}</span>
          </p>
        )}
        <div className={styles.card}>
          <LoginPanel
            headingId={headingId}
            source={source}
            page={page}
            onPageChange={setPage}
            thirdParty={platforms && { platforms, service: service ?? '/' }}
            onSignedIn={(message, redirect) => completeLogin(message, redirect ?? service)}
            conflict={conflict}
            verification={verification}
          />
        </div>
      </div>
    </section>
  );
}
