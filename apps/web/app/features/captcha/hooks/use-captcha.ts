import { useContext } from 'react';
import { CaptchaContext, type CaptchaApi } from '~/features/captcha/captcha-context.ts';

/** The captcha API of the nearest CaptchaProvider. */
export function useCaptcha(): CaptchaApi {
  const api = useContext(CaptchaContext);
  if (!api) throw new Error('useCaptcha needs a <CaptchaProvider> above it');
  return api;
}
