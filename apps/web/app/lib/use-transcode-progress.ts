import { useEffect, useState } from 'react';
import { getUploadProgress, streamUploadProgress } from '@melon/shared/calls/upload.calls';
import { buildUrl } from '@melon/shared/client/encode';
import type { UploadProgressState } from '@melon/shared/contracts/upload-progress';
import { browserClient } from '~/lib/browser-client.ts';

export interface TranscodeProgress {
  state: UploadProgressState;
  /** Whole percents, 0–100. */
  progress: number;
  /** Why it failed, when the server says. */
  message: string | null;
  /** The stream dropped and is being reconnected. */
  reconnecting: boolean;
}

interface ProgressEvent {
  state?: unknown;
  progress?: unknown;
  message?: unknown;
  error_message?: unknown;
}

/** How often the progress call is asked when the event stream cannot be used. */
const POLL_MS = 2000;

function read(event: ProgressEvent): Omit<TranscodeProgress, 'reconnecting'> | null {
  const state = event.state;
  if (state !== 'processing' && state !== 'ready' && state !== 'failed') return null;
  const progress = typeof event.progress === 'number' ? Math.round(event.progress) : 0;
  const why = event.message ?? event.error_message;
  return {
    state,
    progress: Math.min(100, Math.max(0, progress)),
    message: typeof why === 'string' && why !== '' ? why : null,
  };
}

/**
 * The transcoding progress of a new video, live: the server's event stream, and the progress
 * call when the stream is refused.
 */
export function useTranscodeProgress(itemId: string): TranscodeProgress {
  const [progress, setProgress] = useState<TranscodeProgress>({
    state: 'processing',
    progress: 0,
    message: null,
    reconnecting: false,
  });

  useEffect(() => {
    let finished = false;
    let poller: ReturnType<typeof setTimeout> | undefined;
    const apply = (event: ProgressEvent) => {
      const next = read(event);
      if (!next) return;
      setProgress({ ...next, reconnecting: false });
      if (next.state !== 'processing') {
        finished = true;
        source.close();
        clearTimeout(poller);
      }
    };
    const poll = () => {
      browserClient()
        .call(getUploadProgress, { item_id: itemId })
        .then(apply, () => undefined)
        .finally(() => {
          if (!finished && source.readyState === EventSource.CLOSED) {
            poller = setTimeout(poll, POLL_MS);
          }
        });
    };
    const source = new EventSource(
      buildUrl(location.origin, streamUploadProgress.path, { item_id: itemId }),
    );
    source.addEventListener('message', (message: MessageEvent<string>) => {
      try {
        apply(JSON.parse(message.data) as ProgressEvent);
      } catch {
        // A line that is not JSON: wait for the next.
      }
    });
    source.addEventListener('error', () => {
      if (finished) return;
      setProgress((current) => ({ ...current, reconnecting: true }));
      // Refused for good (not just dropped): fall back to asking.
      if (source.readyState === EventSource.CLOSED) poll();
    });
    return () => {
      finished = true;
      source.close();
      clearTimeout(poller);
    };
  }, [itemId]);

  return progress;
}
