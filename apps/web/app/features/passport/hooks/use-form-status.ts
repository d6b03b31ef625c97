import { useCallback, useRef, useState } from 'react';
import { errorMessage } from '~/features/passport/error-message.ts';

export interface FormMessage {
  tone: 'error' | 'info';
  text: string;
}

export interface FormStatus {
  pending: boolean;
  message: FormMessage | null;
  fail: (text: string) => void;
  inform: (text: string) => void;
  /** Runs the submission unless one is already running; its error becomes the message. */
  run: (task: () => Promise<void>) => Promise<void>;
}

/** The pending flag and the one message line of a login form; refuses double submission. */
export function useFormStatus(): FormStatus {
  const [pending, setPending] = useState(false);
  const [message, setMessage] = useState<FormMessage | null>(null);
  const busy = useRef(false);

  const fail = useCallback((text: string) => {
    setMessage({ tone: 'error', text });
  }, []);
  const inform = useCallback((text: string) => {
    setMessage({ tone: 'info', text });
  }, []);

  const run = useCallback(async (task: () => Promise<void>) => {
    if (busy.current) return;
    busy.current = true;
    setPending(true);
    setMessage(null);
    try {
      await task();
    } catch (error) {
      setMessage({ tone: 'error', text: errorMessage(error) });
    } finally {
      busy.current = false;
      setPending(false);
    }
  }, []);

  return { pending, message, fail, inform, run };
}
