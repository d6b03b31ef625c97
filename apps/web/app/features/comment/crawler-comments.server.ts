import { COMMENT_PAGE_SIZE } from '@melon/shared/api/constants';
import { getTabComments } from '@melon/shared/calls/comment.calls';
import { COMMENT_TAB_HOT } from '@melon/shared/contracts/comment';
import type { MelonClient } from '@melon/shared/client/client';
import type { RenderedCommentPage } from './hooks/use-comment-list.ts';

/**
 * The first page of a video's hot comments for a crawler's copy of the page (decision 038):
 * people's browsers fetch it after hydration (decision 032), a crawler must find it in the
 * first answer. Undefined when it fails: the page still renders without it.
 */
export async function loadCrawlerComments(
  client: MelonClient,
  groupId: string,
): Promise<RenderedCommentPage | undefined> {
  try {
    const page = await client.call(getTabComments, {
      group_id: groupId,
      tab_index: COMMENT_TAB_HOT,
      count: COMMENT_PAGE_SIZE,
      offset: '0',
    });
    return { page, nowMs: Date.now() };
  } catch (error) {
    console.error('melon web: comments for a crawler failed', error);
    return undefined;
  }
}
