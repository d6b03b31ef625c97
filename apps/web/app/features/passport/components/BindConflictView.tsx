import { useEffect, useState } from 'react';
import { getBindConflict, resolveBindConflict } from '@melon/shared/calls/oauth.calls';
import type { BindConflict, ConflictChoice } from '@melon/shared/contracts/passport';
import { FormMessageLine } from '~/features/passport/components/FormParts.tsx';
import { errorMessage } from '~/features/passport/error-message.ts';
import { useFormStatus } from '~/features/passport/hooks/use-form-status.ts';
import type { LoginFormProps } from '~/features/passport/login-form-props.ts';
import { passportMessages as t } from '~/features/passport/messages.ts';
import { browserClient } from '~/lib/browser-client.ts';
import styles from './login-form.module.css';

interface BindConflictViewProps extends Pick<LoginFormProps, 'go' | 'onSignedIn'> {
  /** The conflict as the server rendered it; fetched here when absent. */
  conflict?: BindConflict | null;
}

/**
 * 绑定冲突 (SPEC §8): the phone's account is bound to another account of the platform. Switch
 * the binding and sign in, remove the old binding, or go back to the login form.
 */
export function BindConflictView({ conflict: given, go, onSignedIn }: BindConflictViewProps) {
  const status = useFormStatus();
  const { fail } = status;
  const [conflict, setConflict] = useState<BindConflict | null>(given ?? null);
  const [unbound, setUnbound] = useState(false);

  useEffect(() => {
    if (given) return;
    let cancelled = false;
    browserClient()
      .call(getBindConflict)
      .then((found) => {
        if (!cancelled) setConflict(found);
      })
      .catch((error: unknown) => {
        if (!cancelled) fail(errorMessage(error));
      });
    return () => {
      cancelled = true;
    };
  }, [given, fail]);

  const platform = conflict ? (t.platform[conflict.platform] ?? conflict.platform) : '';

  function choose(choice: ConflictChoice) {
    void status.run(async () => {
      const account = await browserClient().call(resolveBindConflict, { choice });
      if (account && choice === 'switch') {
        await onSignedIn(t.loginSuccess, conflict?.service);
        return;
      }
      setUnbound(true);
      status.inform(t.bindConflict.unbound);
    });
  }

  return (
    <div className={styles.form}>
      {conflict && !unbound && (
        <div className={styles.conflict}>
          <p className={styles.conflictText}>
            {t.bindConflict.text(platform, conflict.bound_name)}
          </p>
          <p className={styles.conflictDetail}>
            {t.bindConflict.incoming(platform, conflict.incoming_name)}
          </p>
          <p className={styles.conflictDetail}>{t.bindConflict.mobile(conflict.mobile)}</p>
        </div>
      )}
      <FormMessageLine message={status.message} />
      {conflict && !unbound && (
        <>
          <button
            type="button"
            className={styles.submit}
            disabled={status.pending}
            onClick={() => {
              choose('switch');
            }}
          >
            {t.bindConflict.switchAndLogin}
          </button>
          <button
            type="button"
            className={styles.secondary}
            disabled={status.pending}
            onClick={() => {
              choose('unbind');
            }}
          >
            {t.bindConflict.unbind}
          </button>
        </>
      )}
      <button
        type="button"
        className={unbound || !conflict ? styles.submit : styles.tertiary}
        onClick={() => {
          go('password');
        }}
      >
        {t.bindConflict.backToLogin}
      </button>
    </div>
  );
}
