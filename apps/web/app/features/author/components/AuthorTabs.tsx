import { NavLink } from 'react-router';
import type { AuthorTab } from '@melon/shared/contracts/author';
import { authorTabPath } from '../author-state.ts';
import { authorMessages as t } from '../messages.ts';
import styles from './AuthorPage.module.css';

/** The tabs of the author's page (SPEC §3 enableTabs), each its own address. */
export function AuthorTabs({ userId, tabs }: { userId: string; tabs: readonly AuthorTab[] }) {
  return (
    <nav className={styles.tabs} aria-label={t.tabsLabel}>
      {tabs.map((tab) => (
        <NavLink
          key={tab}
          to={authorTabPath(userId, tab)}
          end={tab === 'home'}
          preventScrollReset
          className={({ isActive }) =>
            isActive ? `${styles.tab} ${styles.tabActive}` : styles.tab
          }
        >
          {t.tabs[tab]}
        </NavLink>
      ))}
    </nav>
  );
}
