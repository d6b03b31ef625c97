import type { CommentState } from '@melon/db/tables/comments';
import { canEdit, type PolicyItem, type ViewerId } from '../item/item.policy.ts';
import { buildWordMatcher } from './aho-corasick.ts';
import { linksElsewhere } from './comment-text.ts';

/*
 * Who may do what with a comment (decision 030): the one place these rules live, as
 * `item.policy.ts` is for items. They are asked of a comment on an item the viewer may open
 * (`findViewableItem` first); a caller answers a comment the viewer may not see exactly as an
 * unknown one. The lists ask `canSee` in SQL (`visibleTo` in comment.repository.ts).
 */

/** What the rules read of a comment (a reply when root_id is set). */
export interface PolicyComment {
  user_id: string;
  root_id: string | null;
  state: CommentState;
}

const isItemAuthor = (item: Pick<PolicyItem, 'user_id'>, viewerId: ViewerId) =>
  viewerId !== null && viewerId === item.user_id;

/**
 * Whether the viewer sees the comment: everyone a visible one, its writer a filtered or held
 * one, the video's author a held one (to approve or delete); a deleted one nobody.
 */
export function canSee(
  comment: Pick<PolicyComment, 'state' | 'user_id'>,
  item: Pick<PolicyItem, 'user_id'>,
  viewerId: ViewerId,
): boolean {
  if (comment.state === 'deleted') return false;
  if (comment.state === 'visible' || comment.user_id === viewerId) return true;
  return comment.state === 'held' && isItemAuthor(item, viewerId);
}

/** Whether a new comment is screened at all: the video's author's own are never held back. */
export function isScreened(writerId: string, item: Pick<PolicyItem, 'user_id'>): boolean {
  return !isItemAuthor(item, writerId);
}

/**
 * Who sees a new screened comment: its writer only when it holds one of the video's author's
 * filter words (`filtered`); its writer and the author, until approved, when it links to
 * another site than `origin` (`held`); everyone otherwise.
 */
export function screenedState(
  text: string,
  filterWords: readonly string[],
  origin: string,
): CommentState {
  if (buildWordMatcher(filterWords).matches(text)) return 'filtered';
  if (linksElsewhere(text, origin)) return 'held';
  return 'visible';
}

/**
 * Whether someone writes a comment or reply on the video: not when its author blocked them.
 * A blocked user still reads the comments and likes them.
 */
export function canComment(blockedByItemAuthor: boolean): boolean {
  return !blockedByItemAuthor;
}

/** Whether a reply may go to the comment: only to one everyone sees. */
export function canReplyTo(comment: Pick<PolicyComment, 'state'>): boolean {
  return comment.state === 'visible';
}

/** Whether the comment may be liked, or a like taken back: only one everyone sees. */
export function canLike(comment: Pick<PolicyComment, 'state'>): boolean {
  return comment.state === 'visible';
}

/** Whether the viewer may delete the comment (and its replies): its writer or the video's author. */
export function canDelete(
  comment: Pick<PolicyComment, 'user_id'>,
  item: PolicyItem,
  viewerId: ViewerId,
): boolean {
  return (viewerId !== null && comment.user_id === viewerId) || canEdit(item, viewerId);
}

/** Whether the viewer moderates the video's comments (pins, approvals): its author. */
export function canModerate(item: PolicyItem, viewerId: ViewerId): boolean {
  return canEdit(item, viewerId);
}

/**
 * Why the viewer may not pin the comment or take its pin off, or undefined when they may: only
 * the video's author pins, only a comment (never a reply), and only one everyone sees.
 */
export function pinRefusal(
  comment: PolicyComment,
  item: PolicyItem,
  viewerId: ViewerId,
): 'not-author' | 'reply' | 'unseen' | undefined {
  if (!canModerate(item, viewerId)) return 'not-author';
  if (comment.root_id !== null) return 'reply';
  if (comment.state !== 'visible') return 'unseen';
  return undefined;
}

/** Whether the comment awaits the author's approval: only a held one is approved. */
export function canApprove(comment: Pick<PolicyComment, 'state'>): boolean {
  return comment.state === 'held';
}

/**
 * Why the reporter may not report the comment, or undefined when they may: one they see as
 * everyone does, or held on their own video (`unseen` otherwise, their own filtered or held
 * comments too), and never their own (`own`).
 */
export function reportRefusal(
  comment: Pick<PolicyComment, 'state' | 'user_id'>,
  item: Pick<PolicyItem, 'user_id'>,
  reporterId: string,
): 'unseen' | 'own' | undefined {
  const seen =
    comment.state === 'visible' || (comment.state === 'held' && isItemAuthor(item, reporterId));
  if (!seen) return 'unseen';
  if (comment.user_id === reporterId) return 'own';
  return undefined;
}
