import { useId, useRef, useState } from 'react';
import { getEmojiData } from '@melon/shared/calls/emoji.calls';
import type { EmojiData } from '@melon/shared/contracts/emoji';
import { useDismiss } from '~/components/ui/use-dismiss.ts';
import { browserClient } from '~/lib/browser-client.ts';
import { commentMessages as t } from '../messages.ts';
import styles from './CommentArea.module.css';

type EmojiList = EmojiData['emoji_list'];

/** The list is the same for every picker of the page: fetched once (emoji_data), on first open. */
let emojiRequest: Promise<EmojiList> | undefined;

function loadEmoji(): Promise<EmojiList> {
  emojiRequest ??= browserClient()
    .call(getEmojiData)
    .then((data) => data.emoji_list)
    .catch((error: unknown) => {
      emojiRequest = undefined;
      throw error;
    });
  return emojiRequest;
}

/** 表情: a panel of the site's emoji; picking one inserts its `[微笑]` code. */
export function EmojiPicker({ onPick }: { onPick: (code: string) => void }) {
  const panelId = useId();
  const box = useRef<HTMLDivElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  const [open, setOpen] = useState(false);
  const [list, setList] = useState<EmojiList | null>(null);
  const [failed, setFailed] = useState(false);

  const close = () => {
    setOpen(false);
  };
  // Escape anywhere (focus is back in the text after a pick) or a press outside closes it;
  // focus inside the panel goes back to 表情.
  useDismiss(box, open, () => {
    if (box.current?.contains(document.activeElement)) toggle.current?.focus();
    close();
  });

  const show = () => {
    setOpen(true);
    if (list) return;
    setFailed(false);
    loadEmoji().then(setList, () => {
      setFailed(true);
    });
  };

  return (
    <div ref={box} className={styles.emojiBox}>
      <button
        ref={toggle}
        type="button"
        className={styles.tool}
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={() => {
          if (open) close();
          else show();
        }}
      >
        {t.emoji}
      </button>
      {open && (
        <div id={panelId} className={styles.emojiPanel} role="group" aria-label={t.emojiPanel}>
          {failed && <p className={styles.hint}>{t.emojiLoadFailed}</p>}
          {!failed && !list && <p className={styles.hint}>{t.loading}</p>}
          {list?.map((emoji) => (
            <button
              key={emoji.code}
              type="button"
              className={styles.emojiButton}
              aria-label={emoji.name}
              title={emoji.name}
              onClick={() => {
                onPick(emoji.code);
              }}
            >
              <img src={emoji.url} alt="" width={24} height={24} />
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
