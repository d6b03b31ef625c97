import { useEffect, useState } from 'react';
import { getShortVideoRelated } from '@melon/shared/calls/recommend.calls';
import type { RelatedVideo } from '@melon/shared/contracts/recommend';
import { browserClient } from '~/lib/browser-client.ts';

/** How many related videos the side list shows. */
export const RELATED_COUNT = 10;

/**
 * The videos related to the one playing, asked for once the page is interactive (the list is
 * below the first screen on phones, and the video's own first paint comes first); null while
 * loading. A failed call leaves the list empty: the side list is a suggestion, not the page.
 */
export function useRelatedVideos(groupId: string): RelatedVideo[] | null {
  const [state, setState] = useState<{ groupId: string; list: RelatedVideo[] } | null>(null);
  useEffect(() => {
    let current = true;
    browserClient()
      .call(getShortVideoRelated, { group_id: groupId, count: RELATED_COUNT })
      .then(
        ({ list }) => {
          if (current) setState({ groupId, list });
        },
        () => {
          if (current) setState({ groupId, list: [] });
        },
      );
    return () => {
      current = false;
    };
  }, [groupId]);
  return state?.groupId === groupId ? state.list : null;
}
