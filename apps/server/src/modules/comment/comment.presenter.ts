import type { CommentStatus, CommentView } from '@melon/shared/contracts/comment';
import type { CommentState } from '@melon/db/tables/comments';
import type { ListedRow } from './comment.repository.ts';
import { mediaUrlOrEmpty } from '../../storage/media-url.ts';
import { segmentsOf } from './comment-text.ts';

/** What the page that shows a list knows besides the rows. */
export interface Presentation {
  /** The video's author, for the UP主 badge. */
  itemAuthorId: string;
  /** This site's origin: links to it are the clickable segments. */
  origin: string;
  diggs: ReadonlySet<string>;
  pinnedId: string | undefined;
}

/** Lists and answers never carry a deleted comment. */
function statusOf(state: CommentState): CommentStatus {
  if (state === 'deleted') throw new Error('a deleted comment is never presented');
  return state;
}

export function presentComment(row: ListedRow, p: Presentation): CommentView {
  return {
    id: row.id,
    group_id: row.item_id,
    root_id: row.root_id,
    text: row.text,
    segments: segmentsOf(row.text, p.origin),
    image_info: row.image_uri,
    user: {
      user_id: row.user_id,
      name: row.user_name,
      avatar_url: mediaUrlOrEmpty(row.user_avatar_url),
    },
    is_author: row.user_id === p.itemAuthorId,
    reply_to_user:
      row.reply_to_user_id === null
        ? null
        : {
            user_id: row.reply_to_user_id,
            name: row.reply_to_name ?? '',
            avatar_url: mediaUrlOrEmpty(row.reply_to_avatar_url),
          },
    create_time: row.created_at,
    digg_count: row.digg_count,
    user_digg: p.diggs.has(row.id),
    reply_count: row.reply_count,
    is_pinned: row.id === p.pinnedId,
    status: statusOf(row.state),
  };
}
