import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { getCaptchaChallenge } from '@melon/shared/calls/captcha.calls';
import { createClient, type MelonClient } from '@melon/shared/client/client';
import { CloseButton } from '~/components/ui/CloseButton.tsx';
import { Modal } from '~/components/ui/Modal.tsx';
import { captchaMessages as t } from '~/features/captcha/messages.ts';
import { solveChallenge } from '~/features/captcha/solve-challenge.ts';
import styles from './CaptchaDialog.module.css';

type Phase = 'fetching' | 'solving' | 'passed' | 'failed';

/** How long 验证通过 stays in sight before the request goes on. */
const PASSED_PAUSE_MS = 400;

/**
 * The challenge goes around the page's API client on purpose: that client holds every request
 * while a captcha shows, this one included. This one has no captcha, and stops with `signal`.
 */
const challengeClient = (signal: AbortSignal): MelonClient =>
  createClient({
    transport: (request) => fetch(request, { signal: AbortSignal.any([request.signal, signal]) }),
    baseUrl: location.origin,
  });

/**
 * 人机验证: fetches an ALTCHA challenge and solves its proof of work in this browser, showing
 * progress. Solved: answers the payload. Closed: answers null, and the request is rejected.
 */
export function CaptchaDialog({ onDone }: { onDone: (solution: string | null) => void }) {
  const headingId = useId();
  const [phase, setPhase] = useState<Phase>('fetching');
  const [progress, setProgress] = useState(0);
  const [attempt, setAttempt] = useState(0);
  const done = useRef(onDone);
  useEffect(() => {
    done.current = onDone;
  });

  useEffect(() => {
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    (async () => {
      const challenge = await challengeClient(controller.signal).call(getCaptchaChallenge);
      setPhase('solving');
      const solution = await solveChallenge(challenge, setProgress, controller.signal);
      if (controller.signal.aborted) return;
      if (!solution) {
        setPhase('failed');
        return;
      }
      setPhase('passed');
      timer = setTimeout(() => {
        done.current(solution);
      }, PASSED_PAUSE_MS);
    })().catch(() => {
      if (!controller.signal.aborted) setPhase('failed');
    });
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, [attempt]);

  const close = useCallback(() => {
    done.current(null);
  }, []);

  const percent = Math.round(progress * 100);
  const label =
    phase === 'fetching'
      ? t.fetching
      : phase === 'solving'
        ? t.solving(percent)
        : phase === 'passed'
          ? t.passed
          : t.failed;

  return (
    <Modal labelledBy={headingId} onClose={close} className={styles.panel}>
      <h2 id={headingId} className={styles.title}>
        {t.title}
      </h2>
      <CloseButton label={t.close} size={18} className={styles.close} onClick={close} />
      <p className={styles.intro}>{t.intro}</p>
      <div className={styles.widget} data-phase={phase}>
        <span className={styles.badge} aria-hidden="true">
          {phase === 'passed' ? '✓' : phase === 'failed' ? '!' : ''}
        </span>
        <div className={styles.meter}>
          <p className={styles.label} role="status">
            {label}
          </p>
          <div
            className={styles.track}
            role="progressbar"
            aria-label={t.progress}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={phase === 'passed' ? 100 : percent}
          >
            <div
              className={styles.bar}
              style={{ width: `${phase === 'passed' ? 100 : percent}%` }}
            />
          </div>
        </div>
      </div>
      {phase === 'failed' && (
        <button
          type="button"
          className={styles.retry}
          onClick={() => {
            setPhase('fetching');
            setProgress(0);
            setAttempt((value) => value + 1);
          }}
        >
          {t.retry}
        </button>
      )}
      <p className={styles.note}>{t.note}</p>
    </Modal>
  );
}
