/** SPEC §9: a toast lasts 1 s and at most 3 show at once. */
export const TOAST_DURATION_MS = 1000;
export const MAX_TOASTS = 3;

export interface Toast {
  id: number;
  message: string;
  /** Epoch milliseconds after which the toast is gone. */
  expiresAt: number;
}

/** Adds a toast at the end; when more than MAX_TOASTS would show, the oldest are dropped. */
export function pushToast(queue: readonly Toast[], toast: Toast): readonly Toast[] {
  return [...queue, toast].slice(-MAX_TOASTS);
}

/** The toasts still showing at `nowMs`. */
export function expireToasts(queue: readonly Toast[], nowMs: number): readonly Toast[] {
  const alive = queue.filter((toast) => toast.expiresAt > nowMs);
  return alive.length === queue.length ? queue : alive;
}

/** The queue without the toast `id` (its time is up). */
export function removeToast(queue: readonly Toast[], id: number): readonly Toast[] {
  return queue.some((toast) => toast.id === id) ? queue.filter((toast) => toast.id !== id) : queue;
}
