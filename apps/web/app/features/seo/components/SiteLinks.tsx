import { useId } from 'react';
import { Link } from 'react-router';
import type { SeoLinkBlocks } from '@melon/shared/contracts/seo';
import { seoMessages as t } from '../messages.ts';
import styles from './SiteLinks.module.css';

/**
 * The link blocks at the foot of the home and video pages (decision 038): hot videos, hot
 * authors, polls and channels, plain links a crawler follows and a person can browse.
 */
export function SiteLinks({ links }: { links: SeoLinkBlocks | null }) {
  const headingId = useId();
  if (!links || links.blocks.length === 0) return null;
  return (
    <nav className={styles.links} aria-labelledby={headingId}>
      <h2 id={headingId} className="visually-hidden">
        {t.label}
      </h2>
      {links.blocks.map((block) => (
        <section key={block.key} className={styles.block} aria-label={block.title}>
          <h3 className={styles.heading}>{block.title}</h3>
          <ul className={styles.list}>
            {block.list.map((link) => (
              <li key={link.id} className={styles.item}>
                <Link to={link.url} className={styles.link} title={link.title}>
                  {link.title}
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </nav>
  );
}
