import Type, { type Static } from 'typebox';

/** SPEC §5: a user id is numeric, not starting with 0 (Melon's are 19 digits). */
const UserId = Type.String({ pattern: '^[1-9][0-9]{0,25}$' });

/** How many authors a list page holds when the caller does not say, and at most. */
export const AUTHOR_LIST_DEFAULT_COUNT = 20;
export const AUTHOR_LIST_MAX_COUNT = 50;

/**
 * Where the next page of an author list starts: the last entry's follow time in milliseconds
 * and its user id (`<ms>_<user_id>`), so entries followed in the same millisecond are neither
 * skipped nor repeated. Opaque to the client, which sends back the `cursor` it was given.
 */
export const AUTHOR_LIST_CURSOR_PATTERN = '^[0-9]{1,16}_[1-9][0-9]{0,25}$';

/** One author of a follow or fan list (SPEC §3 author list entry). */
export const AuthorListEntry = Type.Object({
  user_id: Type.String(),
  /** Melon has no separate media account: the user id. */
  media_id: Type.String(),
  name: Type.String(),
  /** Whether the signed-in viewer follows this author; false for visitors. */
  follow: Type.Boolean(),
  introduce: Type.String(),
  avatar: Type.String(),
  fansNum: Type.Integer(),
  followNum: Type.Integer(),
  /** When the follow was made (seconds): the order of the list. */
  behotTime: Type.Integer(),
  user_auth_info: Type.Union([Type.Record(Type.String(), Type.Unknown()), Type.Null()]),
  videoCount: Type.Integer(),
  /** The author page. */
  web_url: Type.String(),
  /** No app: empty. */
  app_url: Type.String(),
});
export type AuthorListEntry = Static<typeof AuthorListEntry>;

/** A page of authors (SPEC §3 author list state). */
export const AuthorList = Type.Object({
  userList: Type.Array(AuthorListEntry),
  hasMore: Type.Boolean(),
  /** Send back as `cursor` for the next page; empty when there is none. */
  cursor: Type.String(),
  /** The listed user's followers count. */
  fan_nums: Type.Integer(),
  /** Melon has no anonymous fans: empty. */
  xigua_anonymous_fans_count_desc: Type.String(),
});
export type AuthorList = Static<typeof AuthorList>;

const Paging = {
  cursor: Type.Optional(Type.String({ pattern: AUTHOR_LIST_CURSOR_PATTERN })),
  count: Type.Optional(Type.Integer({ minimum: 1, maximum: AUTHOR_LIST_MAX_COUNT })),
};

/** A user's fans or follows: `user_id`, or the signed-in viewer's own when left out. */
export const AuthorListQuery = Type.Object({ user_id: Type.Optional(UserId), ...Paging });

/** The viewer's follows whose name contains the keyword. */
export const FollowSearchQuery = Type.Object({
  keyword: Type.String({ minLength: 1, maxLength: 32 }),
  ...Paging,
});

/** SPEC §7 follow_action, posted as a form. */
export const FollowActionBody = Type.Object({
  to_user_id: UserId,
  action: Type.Union([Type.Literal('follow'), Type.Literal('cancel_follow')]),
});
export type FollowActionBody = Static<typeof FollowActionBody>;

/** After a follow action: whether the viewer now follows the user, and the user's fans. */
export const FollowState = Type.Object({
  user_id: Type.String(),
  follow: Type.Boolean(),
  fansNum: Type.Integer(),
});
export type FollowState = Static<typeof FollowState>;

export const BlockBody = Type.Object({ user_id: UserId });

/** After a block or its cancel: whether the viewer now blocks the user. */
export const BlockState = Type.Object({ user_id: Type.String(), blocked: Type.Boolean() });
export type BlockState = Static<typeof BlockState>;

/** The newest videos of the authors the viewer follows, a page at a time (a feed, SPEC §4). */
export const AttentionFeedQuery = Type.Object({
  offset: Type.Optional(Type.Integer({ minimum: 0, maximum: 100_000 })),
  count: Type.Optional(Type.Integer({ minimum: 1, maximum: 50 })),
});

/** Whom of a page's authors the viewer follows: at most this many ids, comma-joined. */
export const FOLLOW_RELATION_MAX_IDS = 50;

export const FollowRelationQuery = Type.Object({
  user_ids: Type.String({
    pattern: `^[1-9][0-9]{0,25}(,[1-9][0-9]{0,25}){0,${FOLLOW_RELATION_MAX_IDS - 1}}$`,
  }),
});

/** The ids among those asked that the viewer follows (none for a visitor). */
export const FollowRelation = Type.Object({ followed: Type.Array(Type.String()) });
export type FollowRelation = Static<typeof FollowRelation>;
