import type { ReactNode } from 'react';
import styles from './FormField.module.css';

interface FormFieldProps {
  /** None leaves the label's place empty, keeping the control in line with the others. */
  label?: string;
  /** The id of the control the label names; without one the label is plain text. */
  htmlFor?: string;
  /** Marks the label with a red asterisk. */
  required?: boolean;
  /** The control, then its hint or error. */
  children: ReactNode;
}

/** One row of a form: its label, then the control with what is said about it. */
export function FormField({ label, htmlFor, required = false, children }: FormFieldProps) {
  const text = (
    <>
      {required && (
        <span className={styles.required} aria-hidden="true">
          *
        </span>
      )}
      {label}
    </>
  );
  return (
    <div className={styles.row}>
      {htmlFor ? (
        <label htmlFor={htmlFor} className={styles.label}>
          {text}
        </label>
      ) : (
        <span className={styles.label}>{text}</span>
      )}
      <div className={styles.control}>{children}</div>
    </div>
  );
}

interface CountedBoxProps {
  /** Characters used so far, as people count them. */
  length: number;
  max: number;
  /** The text field (FormField.module.css's input or textarea leaves room for the count). */
  children: ReactNode;
}

/** A text field with its character count, 12/80, in its corner. */
export function CountedBox({ length, max, children }: CountedBoxProps) {
  return (
    <div className={styles.countedBox}>
      {children}
      <span className={styles.counter} aria-hidden="true">
        {`${length}/${max}`}
      </span>
    </div>
  );
}
