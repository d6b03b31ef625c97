import type { Kysely } from 'kysely';
import type { Database } from '@melon/db/database';
import { invalid, notFound } from '../../lib/domain-error.ts';
import { reportRefusal } from '../comment/comment.policy.ts';
import { findViewableItem } from '../item/item.service.ts';
import { reportMessages } from './report.messages.ts';
import { findCommentForReport, findUserId } from './report.repository.ts';

/*
 * Whether the reporter may report a target: it exists and they can see it (a hidden one is
 * answered as an unknown one, as everywhere), and it is not their own. Each answers the id the
 * report is stored under.
 */

/** A video the reporter can open (the item policy), not their own. */
export async function checkVideoTarget(
  db: Kysely<Database>,
  itemId: string,
  reporterId: string,
): Promise<string> {
  const item = await findViewableItem(db, itemId, reporterId);
  if (!item) throw notFound(reportMessages.videoNotFound);
  if (item.user_id === reporterId) throw invalid(reportMessages.ownVideo, 'group_id');
  return item.id;
}

/** Another user. */
export async function checkUserTarget(
  db: Kysely<Database>,
  userId: string,
  reporterId: string,
): Promise<string> {
  if (userId === reporterId) throw invalid(reportMessages.ownself, 'user_id');
  const user = await findUserId(db, userId);
  if (!user) throw notFound(reportMessages.userNotFound);
  return user.id;
}

/**
 * Someone else's comment the reporter can see: shown to everyone, or held for approval on the
 * reporter's own video; on a video they can open.
 */
export async function checkCommentTarget(
  db: Kysely<Database>,
  commentId: string,
  reporterId: string,
): Promise<string> {
  const comment = await findCommentForReport(db, commentId);
  const item = comment && (await findViewableItem(db, comment.item_id, reporterId));
  const refusal = comment && item ? reportRefusal(comment, item, reporterId) : 'unseen';
  if (!comment || refusal === 'unseen') throw notFound(reportMessages.commentNotFound);
  if (refusal === 'own') throw invalid(reportMessages.ownComment, 'comment_id');
  return comment.id;
}
