import { useId, useState } from 'react';
import type { BindConflict } from '@melon/shared/contracts/passport';
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
}

/** The login form as a page of its own (the sign-on page, the bind-conflict page). */
export function LoginScreen({
  service,
  source = 'login',
  initialPage = 'password',
  conflict,
}: LoginScreenProps) {
  const { platforms, completeLogin } = useLogin();
  const headingId = useId();
  const [page, setPage] = useState(initialPage);

  return (
    <section className={styles.screen} aria-labelledby={headingId}>
      <div className={styles.card}>
        <LoginPanel
          headingId={headingId}
          source={source}
          page={page}
          onPageChange={setPage}
          thirdParty={platforms && { platforms, service: service ?? '/' }}
          onSignedIn={(message, redirect) => completeLogin(message, redirect ?? service)}
          conflict={conflict}
        />
      </div>
    </section>
  );
}
