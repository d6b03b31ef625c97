import { useContext } from 'react';
import { LoginContext, type LoginApi } from '~/features/passport/login-context.ts';

/** The login API of the nearest LoginProvider. */
export function useLogin(): LoginApi {
  const api = useContext(LoginContext);
  if (!api) throw new Error('useLogin needs a <LoginProvider> above it');
  return api;
}
