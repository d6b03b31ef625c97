import type { ReactNode } from 'react';
import styles from './Tort.module.css';

/** The red asterisk of a required field; the field's own error says what is missing. */
export function Required() {
  return (
    <span className={styles.required} aria-hidden="true">
      *
    </span>
  );
}

interface ChoicesProps<T extends string> {
  legend: string;
  name: string;
  options: readonly T[];
  labels: Record<T, string>;
  value: T;
  /** The checked radio's id: the focus goes there when the group is refused. */
  checkedId: string;
  /** The group's invalid flag and the ids that describe it. */
  describedProps: { 'aria-invalid': boolean; 'aria-describedby': string | undefined };
  error: ReactNode;
  onChange: (value: T) => void;
}

/** A required choice of one among a few, as radios under their legend, with its error. */
export function Choices<T extends string>(props: ChoicesProps<T>) {
  const { legend, name, options, labels, value, checkedId, describedProps, error, onChange } =
    props;
  return (
    <fieldset className={styles.choices} {...describedProps}>
      <legend className={styles.label}>
        <Required />
        {legend}
      </legend>
      {options.map((option) => (
        <label key={option} className={styles.choice}>
          <input
            type="radio"
            name={name}
            id={option === value ? checkedId : undefined}
            checked={option === value}
            onChange={() => {
              onChange(option);
            }}
          />
          {labels[option]}
        </label>
      ))}
      {error}
    </fieldset>
  );
}
