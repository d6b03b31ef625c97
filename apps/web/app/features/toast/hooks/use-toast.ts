import { useContext } from 'react';
import { ToastContext, type ToastApi } from '~/features/toast/toast-context.ts';

/** The toast API of the nearest ToastProvider. */
export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error('useToast needs a <ToastProvider> above it');
  return api;
}
