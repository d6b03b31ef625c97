import { useState } from 'react';
import type { CodeSent } from '@melon/shared/contracts/passport';
import { Field } from '~/features/passport/components/FormParts.tsx';
import { errorMessage, retryAfterOf } from '~/features/passport/error-message.ts';
import { useCountdown } from '~/features/passport/hooks/use-countdown.ts';
import type { FormStatus } from '~/features/passport/hooks/use-form-status.ts';
import { passportMessages as t } from '~/features/passport/messages.ts';
import styles from './login-form.module.css';

interface SendCodeProps {
  status: FormStatus;
  /** The problem with the target (empty, malformed), or null. */
  check: () => string | null;
  send: () => Promise<CodeSent>;
}

/**
 * 获取验证码 with the 60 s countdown. `send` checks the target and calls the server; the wait
 * comes from the server (retry_after), also when it refuses with a 429.
 */
function SendCodeButton({ status, check, send }: SendCodeProps) {
  const [remaining, start] = useCountdown();
  const [sending, setSending] = useState(false);

  async function onClick() {
    const problem = check();
    if (problem) {
      status.fail(problem);
      return;
    }
    setSending(true);
    try {
      const sent = await send();
      status.inform(t.codeSent);
      start(sent.retry_after);
    } catch (error) {
      status.fail(errorMessage(error));
      const wait = retryAfterOf(error);
      if (wait) start(wait);
    } finally {
      setSending(false);
    }
  }

  const waiting = remaining > 0;
  return (
    <button
      type="button"
      className={styles.sendCode}
      disabled={sending || waiting}
      onClick={() => void onClick()}
    >
      {waiting ? t.resendIn(remaining) : sending ? t.sending : t.sendCode}
    </button>
  );
}

/** The 验证码 input with its send button inside; the code goes to the target `check` looks at. */
export function CodeField({
  value,
  onChange,
  ...sendCode
}: SendCodeProps & { value: string; onChange: (value: string) => void }) {
  return (
    <Field
      label={t.label.code}
      name="code"
      inputMode="numeric"
      autoComplete="one-time-code"
      placeholder={t.placeholder.code}
      maxLength={6}
      value={value}
      onChange={(event) => {
        onChange(event.target.value);
      }}
      trailing={<SendCodeButton {...sendCode} />}
    />
  );
}
