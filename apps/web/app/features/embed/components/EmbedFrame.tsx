import type { ReactNode } from 'react';
import { MelonMark } from '~/components/ui/MelonMark.tsx';
import { embedMessages as t } from '../messages.ts';
import styles from './Embed.module.css';

/** A link of the frame to the site: opened in a new tab, never in the embedding page. */
function SiteLink(props: {
  href: string;
  className: string | undefined;
  label?: string;
  children: ReactNode;
}) {
  return (
    <a
      href={props.href}
      target="_blank"
      rel="noopener"
      className={props.className}
      aria-label={props.label}
    >
      {props.children}
    </a>
  );
}

/**
 * The embeddable player's frame (decision 057): the player filling it and the video's title
 * over its top, linking to the video's page on the site.
 */
export function EmbedFrame(props: { player: ReactNode; title: string; pageUrl: string }) {
  return (
    <main className={styles.frame} aria-label={t.player}>
      {props.player}
      <SiteLink href={props.pageUrl} className={styles.titleBar} label={t.watchOnSite(props.title)}>
        <MelonMark size={22} />
        <span className={styles.title}>{props.title}</span>
      </SiteLink>
    </main>
  );
}

/** Over the picture when a members-only episode's preview ends: the way to the full video. */
export function EmbedPreviewEnd({ pageUrl }: { pageUrl: string }) {
  return (
    <div className={styles.notice}>
      <p>{t.previewEnded}</p>
      <SiteLink href={pageUrl} className={styles.action}>
        {t.watchFull}
      </SiteLink>
    </div>
  );
}

/** The whole frame when there is nothing to play: the video is gone, or the page failed. */
export function EmbedNotice({ missing, siteUrl }: { missing: boolean; siteUrl: string }) {
  return (
    <main className={styles.frame} aria-label={t.player}>
      <div className={styles.notice} role="alert">
        <MelonMark size={40} />
        <p>{missing ? t.missing : t.failed}</p>
        <SiteLink href={siteUrl} className={styles.action}>
          {t.visitSite}
        </SiteLink>
      </div>
    </main>
  );
}
