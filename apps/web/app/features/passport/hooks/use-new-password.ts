import { useState } from 'react';
import { checkConfirmation, checkNewPassword, type Check } from '~/features/passport/validation.ts';

export interface NewPassword {
  password: string;
  setPassword: (password: string) => void;
  confirmation: string;
  setConfirmation: (confirmation: string) => void;
  /** Strong enough first, then typed the same twice. */
  checks: readonly (readonly [Check, string])[];
}

/** A new password typed twice, with its checks: the state behind NewPasswordFields. */
export function useNewPassword(): NewPassword {
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const checks = [
    [checkNewPassword, password],
    [checkConfirmation(password), confirmation],
  ] as const;
  return { password, setPassword, confirmation, setConfirmation, checks };
}
