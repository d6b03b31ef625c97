import { useEffect, useRef, useState } from 'react';
import { getAssociativeWords, getSearchPanelDetail } from '@melon/shared/calls/search.calls';
import type { SearchPanelDetail } from '@melon/shared/contracts/search';
import { browserClient } from '~/lib/browser-client.ts';
import { quietly } from '../search-client.ts';

/** Typing pauses this long before the completions are asked for. */
const DEBOUNCE_MS = 150;

/** The completions of what the box holds, asked for once typing pauses; stale answers dropped. */
export function useCompletions(value: string, open: boolean): string[] {
  const [answer, setAnswer] = useState<{ prefix: string; words: string[] }>({
    prefix: '',
    words: [],
  });
  const prefix = value.trim();
  useEffect(() => {
    if (!open || !prefix) return;
    let current = true;
    const timer = setTimeout(() => {
      void quietly(
        browserClient()
          .call(getAssociativeWords, { word: prefix })
          .then((list) => list.list.map((entry) => entry.word)),
      ).then((words) => {
        if (current) setAnswer({ prefix, words });
      });
    }, DEBOUNCE_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [prefix, open]);
  return open && answer.prefix === prefix ? answer.words : [];
}

/** The panel of an empty box (history, hot words), asked for when it first opens. */
export function usePanel(open: boolean) {
  const [panel, setPanel] = useState<SearchPanelDetail>({ history: [], hot: [] });
  const asked = useRef(false);
  useEffect(() => {
    if (!open || asked.current) return;
    asked.current = true;
    browserClient()
      .call(getSearchPanelDetail)
      .then(setPanel, () => undefined);
  }, [open]);
  return { panel, setPanel };
}
