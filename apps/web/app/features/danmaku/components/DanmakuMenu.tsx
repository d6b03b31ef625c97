import { useState, type SubmitEvent, type Ref } from 'react';
import {
  danmakuAction,
  deleteDanmaku,
  reportDanmaku,
  sendDanmakuReply,
} from '@melon/shared/calls/danmaku.calls';
import {
  DANMAKU_ACTION_LIKE,
  DANMAKU_CALL_PARAMS,
  type DanmakuView,
} from '@melon/shared/contracts/danmaku';
import { browserClient } from '~/lib/browser-client.ts';
import type { DanmakuLoginSource } from '../danmaku-guard.ts';
import { danmakuErrorMessage } from '../error-message.ts';
import type { VideoDanmaku } from '../hooks/use-video-danmaku.ts';
import { danmakuMessages as t } from '../messages.ts';
import { checkDanmakuText } from '../send-validation.ts';
import styles from './DanmakuMenu.module.css';

interface DanmakuMenuProps {
  ref: Ref<HTMLDivElement>;
  danmaku: VideoDanmaku;
  target: DanmakuView;
  /** Where the pointer met the comment, in px from the overlay's top left. */
  x: number;
  y: number;
  /** Opens above the point (it is low in the overlay), else below it. */
  above: boolean;
  onClose: () => void;
}

type Panel = 'actions' | 'reply' | 'report';

/** The menu of one held comment: 点赞, 回复, 复制, 举报, and 删除 for its sender or the video's author. */
export function DanmakuMenu({ ref, danmaku, target, x, y, above, onClose }: DanmakuMenuProps) {
  const { guard, session, video, viewerId, authorId } = danmaku;
  const [panel, setPanel] = useState<Panel>('actions');
  const [note, setNote] = useState<string | null>(null);
  const [liked, setLiked] = useState(false);
  const [reply, setReply] = useState('');
  const [busy, setBusy] = useState(false);
  /** A send not answered yet has no server id: only copying makes sense. */
  const stored = !target.id.startsWith('local-');
  // The server lets the sender and the video's author delete (decision 009).
  const mayDelete = viewerId !== null && (target.sender_id === viewerId || viewerId === authorId);

  async function run(action: () => Promise<void>) {
    if (busy) return;
    setBusy(true);
    setNote(null);
    try {
      await action();
    } catch (error) {
      setNote(danmakuErrorMessage(error, t.menu.failed));
    } finally {
      setBusy(false);
    }
  }

  const like = () => {
    guard('danmaku', () => {
      void run(async () => {
        const { like_count } = await browserClient().call(danmakuAction, {
          ...DANMAKU_CALL_PARAMS,
          danmaku_id: target.id,
          action_type: DANMAKU_ACTION_LIKE,
        });
        session.receive({ op: 'like', data: { danmaku_id: target.id, like_count } });
        setLiked(true);
      });
    });
  };

  const copy = () => {
    void run(async () => {
      await navigator.clipboard.writeText(target.text);
      setNote(t.menu.copied);
    });
  };

  const sendReply = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const checked = checkDanmakuText(reply);
    if (!checked.ok) {
      setNote(checked.message);
      return;
    }
    void run(async () => {
      const { danmaku: view } = await browserClient().call(sendDanmakuReply, {
        ...DANMAKU_CALL_PARAMS,
        item_id: target.item_id,
        offset_ms: Math.floor((video?.currentTime ?? target.offset_ms / 1000) * 1000),
        text: checked.text,
        reply_to: target.id,
      });
      session.receive({ op: 'danmaku', data: view });
      onClose();
    });
  };

  /** A click handler that opens `next` once signed in, or the login prompt titled for `source`. */
  const openSignedIn = (source: DanmakuLoginSource, next: Panel) => () => {
    guard(source, () => {
      setPanel(next);
    });
  };

  const backToActions = () => {
    setPanel('actions');
  };

  const remove = () =>
    void run(async () => {
      await browserClient().call(deleteDanmaku, { ...DANMAKU_CALL_PARAMS, danmaku_id: target.id });
      session.receive({ op: 'delete', data: { danmaku_id: target.id } });
      onClose();
    });

  const report = (index: number, reason: string) =>
    void run(async () => {
      await browserClient().call(reportDanmaku, {
        ...DANMAKU_CALL_PARAMS,
        danmaku_id: target.id,
        report_type: index + 1,
        report_reason: reason,
      });
      setPanel('actions');
      setNote(t.menu.reported);
    });

  return (
    <div
      ref={ref}
      className={styles.menu}
      role="menu"
      aria-label={t.menu.label}
      style={{
        left: `max(0px, min(${Math.round(x) - 24}px, calc(100% - var(--menu-width))))`,
        ...(above
          ? { bottom: `calc(100% - ${Math.round(y) - 18}px)` }
          : { top: `${Math.round(y) + 18}px` }),
      }}
      onKeyDown={(event) => {
        if (event.key === 'Escape') onClose();
      }}
    >
      <p className={styles.text}>{target.text}</p>
      {panel === 'actions' && (
        <div className={styles.actions}>
          <button type="button" role="menuitem" disabled={!stored || busy || liked} onClick={like}>
            {liked ? t.menu.liked : t.menu.like}
            {target.like_count > 0 && <span className={styles.count}>{target.like_count}</span>}
          </button>
          <button
            type="button"
            role="menuitem"
            disabled={!stored || busy}
            onClick={openSignedIn('danmaku_reply', 'reply')}
          >
            {t.menu.reply}
          </button>
          <button type="button" role="menuitem" disabled={busy} onClick={copy}>
            {t.menu.copy}
          </button>
          <button
            type="button"
            role="menuitem"
            disabled={!stored || busy}
            onClick={openSignedIn('report', 'report')}
          >
            {t.menu.report}
          </button>
          {mayDelete && (
            <button type="button" role="menuitem" disabled={!stored || busy} onClick={remove}>
              {t.menu.delete}
            </button>
          )}
        </div>
      )}
      {panel === 'reply' && (
        <form className={styles.reply} onSubmit={sendReply}>
          <input
            autoFocus
            value={reply}
            maxLength={200}
            aria-label={t.menu.replyPlaceholder(target.text)}
            placeholder={t.menu.replyPlaceholder(target.text)}
            onChange={(event) => {
              setReply(event.target.value);
            }}
          />
          <button type="submit" disabled={busy}>
            {t.menu.replySend}
          </button>
          <button type="button" onClick={backToActions}>
            {t.menu.cancel}
          </button>
        </form>
      )}
      {panel === 'report' && (
        <div className={styles.reasons} role="group" aria-label={t.menu.reportTitle}>
          {t.menu.reportReasons.map((reason, index) => (
            <button
              key={reason}
              type="button"
              role="menuitem"
              disabled={busy}
              onClick={() => {
                report(index, reason);
              }}
            >
              {reason}
            </button>
          ))}
          <button type="button" onClick={backToActions}>
            {t.menu.cancel}
          </button>
        </div>
      )}
      {note && (
        <p className={styles.note} role="status">
          {note}
        </p>
      )}
    </div>
  );
}
