import { useEffect, useRef } from 'react';
import { StatusMessage, statusActionClass } from '~/components/ui/StatusMessage.tsx';
import { useLogin } from '~/features/passport/hooks/use-login.ts';
import type { LoginSource } from '~/features/passport/login-sources.ts';
import { passportMessages } from '~/features/passport/messages.ts';

/**
 * A page of a login-required action seen signed out (SPEC §6): the prompt opens once with the
 * page's source, and the message offers it again.
 */
export function SignedOutPrompt({ source, title }: { source: LoginSource; title: string }) {
  const { openLogin } = useLogin();
  const opened = useRef(false);
  useEffect(() => {
    if (opened.current) return;
    opened.current = true;
    openLogin({ source });
  }, [openLogin, source]);
  return (
    <StatusMessage
      title={title}
      actions={
        <button
          type="button"
          className={statusActionClass}
          onClick={() => {
            openLogin({ source });
          }}
        >
          {passportMessages.submit.login}
        </button>
      }
    />
  );
}
