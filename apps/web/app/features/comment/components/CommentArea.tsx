import { useCallback, useId, useRef, useState, type ReactNode } from 'react';
import {
  COMMENT_TAB_HOT,
  COMMENT_TAB_TIME,
  type CommentView,
} from '@melon/shared/contracts/comment';
import { formatCount } from '@melon/shared/format/count';
import { useOnVisible } from '~/components/ui/use-on-visible.ts';
import type { CommentGuard, CommentNotify } from '../comment-access.ts';
import { useCommentActions } from '../hooks/use-comment-actions.ts';
import {
  useCommentList,
  type CommentList,
  type CommentTab,
  type RenderedCommentPage,
} from '../hooks/use-comment-list.ts';
import { commentMessages as t } from '../messages.ts';
import styles from './CommentArea.module.css';
import { CommentComposer } from './CommentComposer.tsx';
import { CommentThreadView } from './CommentThreadView.tsx';
import { DeleteCommentDialog } from './DeleteCommentDialog.tsx';

/** The next page starts loading this far below the viewport. */
const PRELOAD_MARGIN_PX = 400;
/**
 * The first page loads once the area is this close to the viewport: on a phone the comments
 * come after the related videos, and rendering them at load would only delay the page
 * (decision 032).
 */
const NEAR_MARGIN_PX = 1000;

const TABS: readonly { tab: CommentTab; label: string }[] = [
  { tab: COMMENT_TAB_HOT, label: t.hot },
  { tab: COMMENT_TAB_TIME, label: t.time },
];

interface CommentAreaProps {
  /** The video (SPEC group_id). */
  groupId: string;
  /** The video's author: deletes any comment of the video. */
  authorId: string;
  /** The signed-in viewer, or null. */
  viewerId: string | null;
  /** The count the page's details carry, shown until the first page answers. */
  initialTotal: number;
  guard: CommentGuard;
  notify: CommentNotify;
  /** 举报 for a comment, composed by the page. */
  report?: (comment: CommentView) => ReactNode;
  /** The first hot page, when the server rendered it (for crawlers). */
  rendered?: RenderedCommentPage | undefined;
}

/**
 * The video page's comment area (issue 12): the count, 最热 / 最新, 只看UP主, the composer, and
 * the comments with their reply threads, paged as the viewer scrolls.
 */
export function CommentArea(props: CommentAreaProps) {
  const { groupId, authorId, viewerId, guard, notify } = props;
  const area = useRef<HTMLElement>(null);
  const [near, setNear] = useState(props.rendered !== undefined);
  const comeNear = useCallback(() => {
    setNear(true);
  }, []);
  useOnVisible(area, NEAR_MARGIN_PX, near ? undefined : comeNear);
  const list = useCommentList(groupId, props.initialTotal, near, props.rendered);
  const actions = useCommentActions({ groupId, dispatch: list.dispatch, guard, notify });
  const [replyingTo, setReplyingTo] = useState<CommentView | null>(null);
  const [deleting, setDeleting] = useState<CommentView | null>(null);
  const headingId = useId();
  const end = useRef<HTMLDivElement>(null);
  const { state } = list;
  const canPage = state.hasMore && state.loading === null && !state.failed;
  useOnVisible(end, PRELOAD_MARGIN_PX, canPage ? list.loadMore : undefined);

  const canDelete = (comment: CommentView) =>
    viewerId !== null && (viewerId === comment.user.user_id || viewerId === authorId);
  /** The 回复 button that opened the reply composer: focus goes back to it when it closes. */
  const replyOpener = useRef<HTMLElement | null>(null);
  const closeReply = () => {
    setReplyingTo(null);
    if (replyOpener.current?.isConnected) replyOpener.current.focus();
  };

  return (
    <section
      ref={area}
      className={styles.area}
      aria-labelledby={headingId}
      data-testid="comment-area"
    >
      <div className={styles.header}>
        <h2 id={headingId} className={styles.heading}>
          {t.heading}
          <span className={styles.total}>{formatCount(state.total)}</span>
        </h2>
        <div className={styles.filters}>
          <div className={styles.sort} role="group" aria-label={t.sort}>
            {TABS.map(({ tab, label }) => (
              <button
                key={tab}
                type="button"
                className={styles.sortButton}
                aria-pressed={list.tab === tab}
                onClick={() => {
                  list.setTab(tab);
                }}
              >
                {label}
              </button>
            ))}
          </div>
          <button
            type="button"
            className={styles.sortButton}
            aria-pressed={list.authorOnly}
            onClick={() => {
              list.setAuthorOnly(!list.authorOnly);
            }}
          >
            {t.authorOnly}
          </button>
        </div>
      </div>
      <CommentComposer
        label={t.composerLabel}
        placeholder={t.placeholder}
        guard={guard}
        notify={notify}
        onSend={actions.post}
      />
      {state.threads.length > 0 && (
        <ul className={styles.list}>
          {state.threads.map((thread) => (
            <li key={thread.comment.id} className={styles.thread} data-testid="comment-thread">
              <CommentThreadView
                thread={thread}
                nowMs={state.nowMs}
                canDelete={canDelete}
                onLike={actions.like}
                onReply={(comment) => {
                  const opener = document.activeElement;
                  guard('comment', () => {
                    replyOpener.current = opener instanceof HTMLElement ? opener : null;
                    setReplyingTo(comment);
                  });
                }}
                onDelete={setDeleting}
                author={
                  viewerId === authorId
                    ? { onPin: actions.pin, onApprove: actions.approve }
                    : undefined
                }
                onMoreReplies={() => {
                  actions.loadReplies(thread);
                }}
                loadingReplies={actions.loadingReplies.has(thread.comment.id)}
                report={props.report}
                composer={
                  replyingTo &&
                  (replyingTo.id === thread.comment.id ||
                    replyingTo.root_id === thread.comment.id) && (
                    <CommentComposer
                      key={replyingTo.id}
                      label={t.replyLabel(replyingTo.user.name)}
                      placeholder={t.replyPlaceholder(replyingTo.user.name)}
                      guard={guard}
                      notify={notify}
                      onSend={(draft) => actions.reply(replyingTo, draft)}
                      onCancel={closeReply}
                    />
                  )
                }
              />
            </li>
          ))}
        </ul>
      )}
      <div ref={end} className={styles.end} aria-live="polite">
        <ListEnd list={list} />
      </div>
      {deleting && (
        <DeleteCommentDialog
          comment={deleting}
          onConfirm={() => {
            actions.remove(deleting);
          }}
          onClose={() => {
            setDeleting(null);
          }}
        />
      )}
    </section>
  );
}

/** Under the list: loading, a failure with 重试, 加载更多, the end, or the empty state. */
function ListEnd({ list }: { list: CommentList }) {
  const { state } = list;
  if (state.loading) return <p className={styles.hint}>{t.loading}</p>;
  if (state.failed) {
    return (
      <p className={styles.hint}>
        {t.loadFailed}
        <button type="button" className={styles.textButton} onClick={list.retry}>
          {t.retry}
        </button>
      </p>
    );
  }
  if (state.threads.length === 0) {
    return <p className={styles.empty}>{list.authorOnly ? t.emptyAuthorOnly : t.empty}</p>;
  }
  if (state.hasMore) {
    return (
      <button type="button" className={styles.more} onClick={list.loadMore}>
        {t.more}
      </button>
    );
  }
  return <p className={styles.hint}>{t.noMore}</p>;
}
