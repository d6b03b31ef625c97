import { useState } from 'react';
import { useToPlay } from '../hooks/use-to-play.ts';
import { toPlayMessages as t } from '../messages.ts';
import styles from './ToPlay.module.css';

interface ToPlayButtonProps {
  groupId: string;
  /** The video's title, for a card's accessible name (the card's button does not say it). */
  title?: string;
  /**
   * `card`: compact over a card's cover; `inline`: small, in a card's text (album, search and author cards);
   * `page`: among the video page's actions.
   */
  variant: 'card' | 'inline' | 'page';
}

const VARIANTS = {
  card: styles.cardButton,
  inline: styles.inlineButton,
  page: styles.pageButton,
} as const;

/** 待播: puts the video or album in the basket, or takes it out again (a toggle). */
export function ToPlayButton({ groupId, title, variant }: ToPlayButtonProps) {
  const basket = useToPlay();
  const [pending, setPending] = useState(false);
  const inBasket = basket.has(groupId);
  const named =
    title === undefined ? undefined : inBasket ? t.addedNamed(title) : t.addNamed(title);

  const toggle = async () => {
    setPending(true);
    await (inBasket ? basket.remove(groupId) : basket.add(groupId));
    setPending(false);
  };

  return (
    <button
      type="button"
      className={VARIANTS[variant]}
      aria-pressed={inBasket}
      aria-label={named}
      disabled={pending}
      onClick={() => void toggle()}
    >
      {inBasket ? t.added : t.add}
    </button>
  );
}
