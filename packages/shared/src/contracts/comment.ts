import Type, { type Static } from 'typebox';
import { COMMENT_PAGE_SIZE } from '../api/constants.ts';
import { SINGLE_LINE_TEXT_PATTERN } from '../display-text.ts';
import { oneOf } from './one-of.ts';

/**
 * The comment calls of SPEC §7 (tab_comments, reply_list, post_message, create_reply,
 * comment_action, delete_comment, the author's pin and approval, and the author's filter words)
 * with the SPEC §3 comment fields. Decision 030 says how the lists are ordered and paged.
 */

/** A comment's text: 1–1000 characters (code points) once trimmed, plain text. */
export const COMMENT_TEXT_MAX = 1000;
/** An author keeps at most this many filter words, each at most FILTER_WORD_MAX_CHARS long. */
export const FILTER_WORDS_MAX = 100;
export const FILTER_WORD_MAX_CHARS = 20;
/** Replies shown under each comment of a tab_comments page; the rest come from reply_list. */
export const REPLY_PREVIEW_COUNT = 3;
/** The longest `image_info` kept: an uploaded picture's uri (decision 031). */
export const IMAGE_INFO_MAX_LENGTH = 256;

/** SPEC §7 tab_index: 0 hot (smart_hot), 2 time (smart_time). */
export const COMMENT_TAB_HOT = 0;
export const COMMENT_TAB_TIME = 2;

/** The ids of Melon's comments, items and filter words. */
const Id = Type.String({ pattern: '^[0-9]{1,19}$' });

/**
 * Where the list goes on from: '0' (or left out) for the first page, else the `offset` the
 * previous page answered (opaque; decision 030).
 */
const Offset = Type.String({ maxLength: 200, pattern: '^[A-Za-z0-9_-]+$' });

/** What a writer sees of their own comment: everyone sees it, only they do, or it awaits approval. */
export const COMMENT_STATUSES = ['visible', 'filtered', 'held'] as const;
export type CommentStatus = (typeof COMMENT_STATUSES)[number];

/**
 * A comment's text cut into what the page shows: plain text, and links to this site (the only
 * clickable thing), each with the path to open. Every other link stays text.
 */
export const CommentSegment = Type.Union([
  Type.Object({ kind: Type.Literal('text'), text: Type.String() }),
  Type.Object({ kind: Type.Literal('link'), text: Type.String(), path: Type.String() }),
]);
export type CommentSegment = Static<typeof CommentSegment>;

export const CommentUser = Type.Object({
  user_id: Type.String(),
  name: Type.String(),
  avatar_url: Type.String(),
});
export type CommentUser = Static<typeof CommentUser>;

/** One comment or reply, as the viewer may see it. */
export const CommentView = Type.Object({
  id: Type.String(),
  /** The video's id (SPEC group_id). */
  group_id: Type.String(),
  /** The comment a reply belongs under; null for a comment. */
  root_id: Type.Union([Type.String(), Type.Null()]),
  /** Plain text as written (trimmed): never markup. */
  text: Type.String(),
  segments: Type.Array(CommentSegment),
  /** The uploaded picture's uri (decision 031), or null. */
  image_info: Type.Union([Type.String(), Type.Null()]),
  user: CommentUser,
  /** The writer is the video's author (the UP主 badge). */
  is_author: Type.Boolean(),
  /** For a reply to a reply: whom it answers. */
  reply_to_user: Type.Union([CommentUser, Type.Null()]),
  /** Milliseconds since the epoch. */
  create_time: Type.Integer(),
  digg_count: Type.Integer(),
  /** Whether the viewer likes it. */
  user_digg: Type.Boolean(),
  reply_count: Type.Integer(),
  /** Pinned by the video's author: leads the hot order. */
  is_pinned: Type.Boolean(),
  status: Type.Unsafe<CommentStatus>(
    Type.Union(COMMENT_STATUSES.map((status) => Type.Literal(status))),
  ),
});
export type CommentView = Static<typeof CommentView>;

/** A comment of a tab_comments page, with its first replies. */
export const CommentWithReplies = Type.Object({
  ...CommentView.properties,
  reply_preview: Type.Array(CommentView),
});
export type CommentWithReplies = Static<typeof CommentWithReplies>;

/** SPEC §7 tab_comments query; group_id or item_id names the video (group_id first). */
export const TabCommentsQuery = Type.Object({
  group_id: Type.Optional(Id),
  item_id: Type.Optional(Id),
  offset: Type.Optional(Offset),
  count: Type.Optional(Type.Integer({ minimum: 1, maximum: 50, default: COMMENT_PAGE_SIZE })),
  tab_index: Type.Optional(
    Type.Union([Type.Literal(COMMENT_TAB_HOT), Type.Literal(COMMENT_TAB_TIME)]),
  ),
  /** 1: only comments the video's author wrote or replied to (只看 UP 主). */
  author_only: Type.Optional(Type.Union([Type.Literal(0), Type.Literal(1)])),
  /** SPEC §7: sent for certain group sources; not read. */
  service_id: Type.Optional(Type.Integer()),
  group_source: Type.Optional(Type.Integer()),
});

export const CommentPage = Type.Object({
  data: Type.Array(CommentWithReplies),
  /** The `offset` of the next page; only meaningful while has_more. */
  offset: Type.String(),
  has_more: Type.Boolean(),
  /** The video's comment count (comments and replies everyone sees). */
  total: Type.Integer(),
  sort: Type.Union([Type.Literal('smart_hot'), Type.Literal('smart_time')]),
});
export type CommentPage = Static<typeof CommentPage>;

/** SPEC §7 reply_list query: `id` is the comment whose replies are listed, oldest first. */
export const ReplyListQuery = Type.Object({
  id: Id,
  offset: Type.Optional(Offset),
  count: Type.Optional(Type.Integer({ minimum: 1, maximum: 50, default: COMMENT_PAGE_SIZE })),
});

export const ReplyPage = Type.Object({
  data: Type.Array(CommentView),
  offset: Type.String(),
  has_more: Type.Boolean(),
});
export type ReplyPage = Static<typeof ReplyPage>;

/** Checked by the comment text rules after trimming; the schema only bounds the size. */
const CommentText = Type.String({ maxLength: 4 * COMMENT_TEXT_MAX });
/** An uploaded picture's uri (decision 031): one line of sane length. */
const ImageInfo = Type.String({
  minLength: 1,
  maxLength: IMAGE_INFO_MAX_LENGTH,
  pattern: SINGLE_LINE_TEXT_PATTERN,
});

/** SPEC §7 post_message (form): group_id or item_id, text, image_info, web_id. */
export const PostMessageBody = Type.Object({
  group_id: Type.Optional(Id),
  item_id: Type.Optional(Id),
  text: CommentText,
  image_info: Type.Optional(ImageInfo),
  /** SPEC §7; the cookie's web id is the one read. */
  web_id: Type.Optional(Type.String({ maxLength: 64 })),
});

/** SPEC §7 create_reply (form): the comment or reply answered (`id`), content, image_info. */
export const CreateReplyBody = Type.Object({
  id: Id,
  content: CommentText,
  image_info: Type.Optional(ImageInfo),
  web_id: Type.Optional(Type.String({ maxLength: 64 })),
});

export const CommentPosted = Type.Object({ comment: CommentView });

/** SPEC §7 comment_action. */
export const COMMENT_ACTIONS = ['digg', 'cancel_digg'] as const;
export const CommentActionBody = Type.Object({
  CommentId: Id,
  action: oneOf(COMMENT_ACTIONS),
});
export const CommentDiggs = Type.Object({ digg_count: Type.Integer(), user_digg: Type.Boolean() });

export const CommentIdBody = Type.Object({ CommentId: Id });

/** The video's author pins one comment (stick) or takes the pin off (cancel_stick). */
export const StickCommentBody = Type.Object({
  CommentId: Id,
  action: Type.Union([Type.Literal('stick'), Type.Literal('cancel_stick')]),
});

/** SPEC §3 comment filter word. */
export const CommentFilterWord = Type.Object({ keyword_id: Type.String(), text: Type.String() });
export type CommentFilterWord = Static<typeof CommentFilterWord>;

export const CommentFilterList = Type.Object({ list: Type.Array(CommentFilterWord) });

/** Longer text than FILTER_WORD_MAX_CHARS is refused with the rule's message, not a schema error. */
export const AddCommentFilterBody = Type.Object({
  text: Type.String({ maxLength: 200, pattern: SINGLE_LINE_TEXT_PATTERN }),
});

export const DeleteCommentFilterBody = Type.Object({ keyword_id: Id });
