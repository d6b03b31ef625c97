import { useId, type InputHTMLAttributes, type ReactNode } from 'react';
import type { FormMessage, FormStatus } from '~/features/passport/hooks/use-form-status.ts';
import type { LoginPage } from '~/features/passport/login-context.ts';
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

function SubmitButton({ pending, children }: { pending: boolean; children: ReactNode }) {
  return (
    <button type="submit" className={styles.submit} disabled={pending} aria-busy={pending}>
      {pending ? t.submit.pending : children}
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
export function PageLink({
  go,
  to,
  children,
}: {
  go: (page: LoginPage) => void;
  to: LoginPage;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      className={styles.switchLink}
      onClick={() => {
        go(to);
      }}
    >
      {children}
    </button>
  );
}

/** The end of a login form: its message line, the submit button and the agreement box. */
export function SubmitRows({
  status,
  agreed,
  setAgreed,
  children,
}: {
  status: FormStatus;
  agreed: boolean;
  setAgreed: (agreed: boolean) => void;
  /** The submit button's text. */
  children: ReactNode;
}) {
  return (
    <>
      <FormMessageLine message={status.message} />
      <SubmitButton pending={status.pending}>{children}</SubmitButton>
      <Agreement checked={agreed} onChange={setAgreed} />
    </>
  );
}
