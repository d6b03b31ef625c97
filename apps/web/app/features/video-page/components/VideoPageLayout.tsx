import type { ReactNode } from 'react';
import styles from './VideoPage.module.css';

interface VideoPageLayoutProps {
  player: ReactNode;
  /** Under the player (e.g. the danmaku send bar). */
  belowPlayer?: ReactNode;
  info: ReactNode;
  /** Under the information; last on phones, below the side column (the comment area). */
  comments?: ReactNode;
  author: ReactNode;
  /** Beside the player under the author card (e.g. the danmaku list). */
  aside?: ReactNode;
  nextItems?: ReactNode;
  /** Last in the side column: the related videos. */
  related?: ReactNode;
  /** Theater mode: the player takes the page's whole width. */
  theater: boolean;
}

/**
 * The video page (SPEC §2, side menu hidden): the player in 63.75% of the page's width (SPEC §9)
 * with the information and the comments under it and the author and the series beside it; one
 * column on phones, the comments last.
 */
export function VideoPageLayout(props: VideoPageLayoutProps) {
  return (
    <div className={styles.page} data-theater={props.theater ? 'true' : 'false'}>
      <div className={styles.stage}>
        <div className={styles.playerSlot}>{props.player}</div>
        {props.belowPlayer}
      </div>
      <div className={styles.main}>{props.info}</div>
      <aside className={styles.side}>
        {props.author}
        {props.aside}
        {props.nextItems}
        {props.related}
      </aside>
      {props.comments && <div className={styles.comments}>{props.comments}</div>}
    </div>
  );
}
