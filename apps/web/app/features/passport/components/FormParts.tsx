import { useId, useState, type InputHTMLAttributes, type ReactNode } from 'react';
import type { CodeSent } from '@melon/shared/contracts/passport';
import { errorMessage, retryAfterOf } from '~/features/passport/error-message.ts';
import { useCountdown } from '~/features/passport/hooks/use-countdown.ts';
import type { FormMessage, FormStatus } from '~/features/passport/hooks/use-form-status.ts';
import { passportMessages as t } from '~/features/passport/messages.ts';
import styles from './login-form.module.css';

interface FieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  /** Fixed text before the input, e.g. +86. */
  prefix?: string;
  /** A control inside the field after the input, e.g. the send-code button. */
  trailing?: ReactNode;
}

/** One input of a login form, with its label for screen readers and its placeholder in sight. */
export function Field({ label, prefix, trailing, id, ...input }: FieldProps) {
  const ownId = useId();
  const inputId = id ?? ownId;
  return (
    <div className={styles.field}>
      <label htmlFor={inputId} className="visually-hidden">
        {label}
      </label>
      {prefix && (
        <span className={styles.prefix} aria-hidden="true">
          {prefix}
        </span>
      )}
      <input id={inputId} className={styles.input} {...input} />
      {trailing}
    </div>
  );
}

/** The form's one message line: errors are announced at once, notices politely. */
export function FormMessageLine({ message }: { message: FormMessage | null }) {
  return (
    <p
      className={message?.tone === 'info' ? styles.info : styles.error}
      role={message?.tone === 'error' ? 'alert' : 'status'}
    >
      {message?.text}
    </p>
  );
}

export function SubmitButton({ pending, children }: { pending: boolean; children: ReactNode }) {
  return (
    <button type="submit" className={styles.submit} disabled={pending} aria-busy={pending}>
      {pending ? t.submit.pending : children}
    </button>
  );
}

/**
 * 获取验证码 with the 60 s countdown. `send` checks the target and calls the server; the wait
 * comes from the server (retry_after), also when it refuses with a 429.
 */
export function SendCodeButton({
  status,
  check,
  send,
}: {
  status: FormStatus;
  /** The problem with the target (empty, malformed), or null. */
  check: () => string | null;
  send: () => Promise<CodeSent>;
}) {
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

/** The agreement and privacy box, ticked by default (SPEC §5). */
export function Agreement({
  checked,
  onChange,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <label className={styles.agreement}>
      <input
        type="checkbox"
        checked={checked}
        onChange={(event) => {
          onChange(event.target.checked);
        }}
      />
      <span>
        {t.agreementPrefix}
        <em>{t.userAgreement}</em>
        {t.agreementAnd}
        <em>{t.privacyPolicy}</em>
      </span>
    </label>
  );
}

/** A link-looking button that switches the page of the form. */
export function SwitchLink({ onClick, children }: { onClick: () => void; children: ReactNode }) {
  return (
    <button type="button" className={styles.switchLink} onClick={onClick}>
      {children}
    </button>
  );
}
