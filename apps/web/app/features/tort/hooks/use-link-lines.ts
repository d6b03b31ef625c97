import { useCallback, useRef, useState } from 'react';
import { resolveTortItems } from '@melon/shared/calls/tort.calls';
import { ApiError } from '@melon/shared/client/errors';
import type { TortItemLine } from '@melon/shared/contracts/tort';
import { browserClient } from '~/lib/browser-client.ts';
import { tortMessages as t } from '../messages.ts';

export type LinkCheck =
  | { status: 'idle' }
  | { status: 'checking' }
  | { status: 'checked'; links: string; lines: TortItemLine[] }
  | { status: 'failed'; message: string };

/**
 * The links box checked line by line on the server (the item policy decides which videos the
 * claimant may name): each line with its video's title and author, or why it names none.
 */
export function useLinkLines(initial: { links: string; lines: TortItemLine[] } | null) {
  const [check, setCheck] = useState<LinkCheck>(
    initial ? { status: 'checked', ...initial } : { status: 'idle' },
  );
  const latest = useRef('');

  const resolve = useCallback((links: string) => {
    latest.current = links;
    if (links.trim() === '') {
      setCheck({ status: 'idle' });
      return;
    }
    setCheck({ status: 'checking' });
    browserClient()
      .call(resolveTortItems, { links })
      .then(
        ({ lines }) => {
          if (latest.current === links) setCheck({ status: 'checked', links, lines });
        },
        (error: unknown) => {
          if (latest.current !== links) return;
          const message =
            error instanceof ApiError && error.message ? error.message : t.checkFailed;
          setCheck({ status: 'failed', message });
        },
      );
  }, []);

  return { check, resolve };
}
