import {
  changeCounters,
  type CommentRow,
  type CounterChange,
} from '../modules/comment/comment.repository.ts';
import { hotKey } from '../modules/comment/hot-score.ts';
import { COMMENT_PHRASES, REPLY_PHRASES } from './demo-audience-words.ts';
import {
  between,
  countRows,
  insertInBatches,
  momentBetween,
  pick,
  pickSome,
  type AudienceContext,
} from './demo-rows.ts';

/** A demo viewer's play of a video: one watch-history entry. */
export interface Play {
  item: { id: string; user_id: string; duration_ms: number; publish_time: number };
  viewerId: string;
  watchedAt: number;
  progressMs: number;
}

/** Of the plays, how many leave a comment; the most comments a video gets. */
const COMMENT_SHARE = 0.1;
const COMMENTS_PER_VIDEO = 8;
/** How many of a comment's replies the video's author writes, at most one. */
const AUTHOR_REPLY_SHARE = 0.3;

/** A visible comment or reply as the comment service stores a new one: no likes, no replies. */
function newComment(
  ctx: AudienceContext,
  fields: Pick<CommentRow, 'item_id' | 'user_id' | 'root_id' | 'text' | 'created_at'>,
): CommentRow {
  const createdAt = fields.created_at;
  return {
    ...fields,
    id: ctx.newId(),
    reply_to_user_id: null,
    image_uri: null,
    state: 'visible',
    digg_count: 0,
    reply_count: 0,
    author_reply_count: 0,
    hot_key: hotKey({ diggs: 0, replies: 0, authorReplies: 0, createdAt }),
    hot_key_since: createdAt,
  };
}

/**
 * Comments from some plays, a few replies (now and then the video's author's) and likes from
 * the video's other viewers. The item's comment_count moves by the comments and replies, and
 * each comment's likes and replies reach its counters and hot key through changeCounters.
 */
export async function seedDemoComments(ctx: AudienceContext, plays: Play[]): Promise<void> {
  const viewersOf = new Map<string, string[]>();
  for (const play of plays) {
    viewersOf.set(play.item.id, [...(viewersOf.get(play.item.id) ?? []), play.viewerId]);
  }
  const perVideo = new Map<string, number>();
  const roots: CommentRow[] = [];
  const replies: CommentRow[] = [];
  for (const play of plays) {
    const written = perVideo.get(play.item.id) ?? 0;
    if (written >= COMMENTS_PER_VIDEO || ctx.random() >= COMMENT_SHARE) continue;
    perVideo.set(play.item.id, written + 1);
    const root = newComment(ctx, {
      item_id: play.item.id,
      user_id: play.viewerId,
      root_id: null,
      text: pick(ctx.random, COMMENT_PHRASES),
      created_at: play.watchedAt,
    });
    roots.push(root);
    const others = (viewersOf.get(play.item.id) ?? []).filter((id) => id !== play.viewerId);
    const writers = pickSome(ctx.random, others, between(ctx.random, 0, 2));
    if (ctx.random() < AUTHOR_REPLY_SHARE) writers.push(play.item.user_id);
    for (const writer of writers) {
      replies.push(
        newComment(ctx, {
          item_id: play.item.id,
          user_id: writer,
          root_id: root.id,
          text: pick(ctx.random, REPLY_PHRASES),
          created_at: momentBetween(ctx.random, root.created_at + 1, ctx.now),
        }),
      );
    }
  }
  const written = [...roots, ...replies];
  const likes = written.flatMap((comment) => {
    const others = (viewersOf.get(comment.item_id) ?? []).filter((id) => id !== comment.user_id);
    const likers = pickSome(ctx.random, others, Math.floor(ctx.random() ** 2 * others.length));
    return likers.map((userId) => ({
      comment_id: comment.id,
      user_id: userId,
      created_at: momentBetween(ctx.random, comment.created_at + 1, ctx.now),
    }));
  });
  // Replies name their comment: the comments go in first.
  await insertInBatches(roots, (batch) => ctx.db.insertInto('comments').values(batch).execute());
  await insertInBatches(replies, (batch) => ctx.db.insertInto('comments').values(batch).execute());
  await insertInBatches(likes, (batch) =>
    ctx.db.insertInto('comment_diggs').values(batch).execute(),
  );
  await countRows(
    ctx.db,
    'comment_count',
    written.map((comment) => comment.item_id),
  );
  const authorOf = new Map(plays.map((play) => [play.item.id, play.item.user_id]));
  await countCommentRows(ctx, { written, replies, likes, authorOf });
}

/** Each comment's likes and replies, through the comment module's counter change. */
async function countCommentRows(
  ctx: AudienceContext,
  rows: {
    written: CommentRow[];
    replies: CommentRow[];
    likes: { comment_id: string }[];
    /** Each video's author, by item id. */
    authorOf: Map<string, string>;
  },
): Promise<void> {
  const { written, replies, likes, authorOf } = rows;
  const change = new Map<string, Required<CounterChange>>();
  const changeOf = (id: string) => {
    const entry = change.get(id) ?? { digg_count: 0, reply_count: 0, author_reply_count: 0 };
    change.set(id, entry);
    return entry;
  };
  for (const like of likes) changeOf(like.comment_id).digg_count += 1;
  for (const reply of replies) {
    const entry = changeOf(reply.root_id ?? '');
    entry.reply_count += 1;
    if (reply.user_id === authorOf.get(reply.item_id)) entry.author_reply_count += 1;
  }
  for (const comment of written) {
    const entry = change.get(comment.id);
    if (entry) await changeCounters(ctx.db, comment, entry, () => ctx.now);
  }
}
