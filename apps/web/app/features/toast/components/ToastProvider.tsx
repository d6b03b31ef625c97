import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { ToastContext, type ToastApi } from '~/features/toast/toast-context.ts';
import {
  expireToasts,
  pushToast,
  removeToast,
  TOAST_DURATION_MS,
  type Toast,
} from '~/features/toast/toast-queue.ts';
import styles from './ToastProvider.module.css';

/** Holds the toast queue and shows it centred over the page. */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [queue, setQueue] = useState<readonly Toast[]>([]);
  const nextId = useRef(1);
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());

  useEffect(() => {
    const pending = timers.current;
    return () => {
      for (const timer of pending) clearTimeout(timer);
    };
  }, []);

  const show = useCallback((message: string) => {
    const now = Date.now();
    const toast: Toast = { id: nextId.current++, message, expiresAt: now + TOAST_DURATION_MS };
    setQueue((current) => pushToast(expireToasts(current, now), toast));
    const timer = setTimeout(() => {
      timers.current.delete(timer);
      setQueue((current) => removeToast(current, toast.id));
    }, TOAST_DURATION_MS);
    timers.current.add(timer);
  }, []);

  const api = useMemo<ToastApi>(() => ({ show }), [show]);

  return (
    <ToastContext value={api}>
      {children}
      <div className={styles.viewport} role="status" aria-live="polite">
        {queue.map((toast) => (
          <div key={toast.id} className={styles.toast}>
            {toast.message}
          </div>
        ))}
      </div>
    </ToastContext>
  );
}
