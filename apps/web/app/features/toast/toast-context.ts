import { createContext } from 'react';

export interface ToastApi {
  /** Shows a short message for one second (SPEC §9). */
  show: (message: string) => void;
}

export const ToastContext = createContext<ToastApi | null>(null);
