import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { VideoDetails } from '@melon/shared/contracts/video';
import { formatCount } from '@melon/shared/format/count';
import { formatRelativeTime } from '@melon/shared/format/relative-time';
import { toMilliseconds } from '@melon/shared/format/timestamp';
import { videoPageMessages as t } from '../messages.ts';
import styles from './VideoPage.module.css';

const DESCRIPTION_FOLD_CHARS = 120;

interface VideoInfoProps {
  details: VideoDetails;
  nowMs: number;
  /** At the end of the counts line: the 举报 entry, composed by the page. */
  report?: ReactNode;
  /** Under the counts: the like and favourite buttons, composed by the page. */
  actions?: ReactNode;
}

/** Title, counts (万 format), publish time, tags and the description, folded when long. */
export function VideoInfo({ details, nowMs, report, actions }: VideoInfoProps) {
  const [expanded, setExpanded] = useState(false);
  const description = details.abstract.trim();
  const long = description.length > DESCRIPTION_FOLD_CHARS;
  const published = formatRelativeTime(toMilliseconds(details.publish_time), nowMs);
  return (
    <section className={styles.info} aria-labelledby="video-title">
      <h1 id="video-title" className={styles.title}>
        {details.title}
      </h1>
      <p className={styles.stats} aria-label={t.stats}>
        <span>{t.playCount(formatCount(details.play_count))}</span>
        <span>{t.danmakuCount(formatCount(details.danmaku_count))}</span>
        <span>{t.commentCount(formatCount(details.comment_count))}</span>
        <span>{t.published(published)}</span>
        {report}
      </p>
      {actions}
      {details.tags.length > 0 && (
        <ul className={styles.tags} aria-label={t.tags}>
          {details.tags.map((tag) => (
            <li key={tag.tag_id}>
              <Link className={styles.tag} to={`/search/${encodeURIComponent(tag.name)}`}>
                {tag.name}
              </Link>
            </li>
          ))}
        </ul>
      )}
      <div className={styles.description} data-expanded={expanded || !long ? 'true' : 'false'}>
        <p>{description || t.noDescription}</p>
      </div>
      {long && (
        <button
          type="button"
          className={styles.fold}
          aria-expanded={expanded}
          onClick={() => {
            setExpanded((value) => !value);
          }}
        >
          {expanded ? t.collapse : t.expand}
        </button>
      )}
    </section>
  );
}
