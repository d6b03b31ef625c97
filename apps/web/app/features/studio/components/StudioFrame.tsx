import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { studioMessages as t } from '~/features/studio/messages.ts';
import {
  STUDIO_SECTIONS,
  studioPath,
  type StudioSection,
} from '~/features/studio/studio-sections.ts';
import styles from './Studio.module.css';

interface StudioFrameProps {
  section: StudioSection;
  /** The section's own heading, under the studio's. */
  heading?: string;
  children: ReactNode;
}

/**
 * 创作中心: the studio's heading, its navigation (我的视频 / 合集管理 / 数据中心 / 创作者认证) beside
 * the content on wide screens, above it on narrow ones, and a link to 发布视频.
 */
export function StudioFrame({ section, heading, children }: StudioFrameProps) {
  return (
    <section className={styles.frame}>
      <header className={styles.top}>
        <h1 className={styles.title}>{t.title}</h1>
        <Link to="/user-center/publish" className={styles.publish}>
          {t.publish}
        </Link>
      </header>
      <div className={styles.body}>
        <nav className={styles.nav} aria-label={t.navLabel}>
          {STUDIO_SECTIONS.map((entry) => (
            <Link
              key={entry}
              to={studioPath(entry)}
              aria-current={entry === section ? 'page' : undefined}
              className={entry === section ? `${styles.navLink} ${styles.active}` : styles.navLink}
            >
              {t.sections[entry]}
            </Link>
          ))}
        </nav>
        <div className={styles.content}>
          <h2 className={styles.heading}>{heading ?? t.sections[section]}</h2>
          {children}
        </div>
      </div>
    </section>
  );
}
