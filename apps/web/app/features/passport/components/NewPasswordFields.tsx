import { Field } from '~/features/passport/components/FormParts.tsx';
import type { NewPassword } from '~/features/passport/hooks/use-new-password.ts';
import { passportMessages as t } from '~/features/passport/messages.ts';

/** How the two fields are worded: a first password on registering, a new one on a reset. */
const WORDING = {
  register: {
    label: t.label.password,
    placeholder: t.placeholder.setPassword,
    confirmation: t.placeholder.confirmPassword,
  },
  reset: {
    label: t.label.newPassword,
    placeholder: t.placeholder.newPassword,
    confirmation: t.placeholder.confirmNewPassword,
  },
} as const;

/** A new password and the same typed again. */
export function NewPasswordFields({
  wording,
  newPassword,
}: {
  wording: keyof typeof WORDING;
  newPassword: NewPassword;
}) {
  const words = WORDING[wording];
  return (
    <>
      <Field
        label={words.label}
        name="password"
        type="password"
        autoComplete="new-password"
        placeholder={words.placeholder}
        maxLength={64}
        value={newPassword.password}
        onChange={(event) => {
          newPassword.setPassword(event.target.value);
        }}
      />
      <Field
        label={t.label.confirmPassword}
        name="confirmation"
        type="password"
        autoComplete="new-password"
        placeholder={words.confirmation}
        maxLength={64}
        value={newPassword.confirmation}
        onChange={(event) => {
          newPassword.setConfirmation(event.target.value);
        }}
      />
    </>
  );
}
