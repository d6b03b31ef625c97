import { booleanSlots } from '../../http/boolean-slots.ts';

/** A shared page's answer, which marks a signed-in viewer's likes without serialising again. */
export interface LikeMarkedAnswer {
  /** The answer's bytes with `user_digg` true on the comments and replies the viewer likes. */
  markedFor(likes: ReadonlySet<string>): Buffer;
}

/**
 * The answer bytes of a shared page of comments, split at their `user_digg` fields (all false:
 * the page was built for visitors), so each viewer's likes are filled into the same bytes
 * (decision 072). `shownIds` are the page's comments and replies in the order the answer holds
 * them: each comment, then its reply_preview (`CommentWithReplies` puts a comment's own fields
 * before its replies).
 */
export function likeMarkedAnswer(bytes: Buffer, shownIds: readonly string[]): LikeMarkedAnswer {
  const slots = booleanSlots(bytes, 'user_digg');
  if (slots.count !== shownIds.length) {
    throw new Error(`a comment page holds ${slots.count} user_digg fields for ${shownIds.length}`);
  }
  return {
    markedFor: (likes) =>
      likes.size === 0 ? bytes : slots.fill((i) => likes.has(shownIds[i] ?? '')),
  };
}
