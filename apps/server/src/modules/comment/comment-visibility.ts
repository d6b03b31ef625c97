import type { Kysely } from 'kysely';
import type { CommentState, Database } from '@melon/db/database';
import type { ViewerId } from '../item/item.policy.ts';
import { buildWordMatcher } from './aho-corasick.ts';
import { linksElsewhere } from './comment-text.ts';

/**
 * Who sees a new comment (decision 030): its writer only when it holds one of the video's
 * author's filter words; its writer and the author (until approved) when it links to another
 * site; everyone otherwise. The author's own comments are never held back.
 */
export async function stateOfNewComment(
  db: Kysely<Database>,
  text: string,
  writerId: string,
  itemAuthorId: string,
  origin: string,
): Promise<CommentState> {
  if (writerId === itemAuthorId) return 'visible';
  const words = await db
    .selectFrom('comment_filter_words')
    .select('text')
    .where('user_id', '=', itemAuthorId)
    .execute();
  if (buildWordMatcher(words.map((word) => word.text)).matches(text)) return 'filtered';
  if (linksElsewhere(text, origin)) return 'held';
  return 'visible';
}

/**
 * Whether the viewer sees the comment (its item already seen): everyone a visible one, its writer
 * a filtered or held one, the video's author a held one. The lists ask the same in SQL
 * (`visibleTo` in comment.repository.ts).
 */
export function seesComment(
  comment: { state: CommentState; user_id: string },
  itemAuthorId: string,
  viewerId: ViewerId,
): boolean {
  if (comment.state === 'deleted') return false;
  if (comment.state === 'visible' || comment.user_id === viewerId) return true;
  return comment.state === 'held' && itemAuthorId === viewerId;
}
