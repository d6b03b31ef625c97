import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { userCenterMessages as t } from '~/features/user-center/messages.ts';
import styles from './UserCenter.module.css';

export const USER_CENTER_TABS = ['profile', 'devices', 'publish'] as const;
export type UserCenterTab = (typeof USER_CENTER_TABS)[number];

export const isUserCenterTab = (tab: string): tab is UserCenterTab =>
  (USER_CENTER_TABS as readonly string[]).includes(tab);

/** 个人中心: its heading and the links between its sections. */
export function UserCenterFrame({ tab, children }: { tab: UserCenterTab; children: ReactNode }) {
  return (
    <section className={styles.frame}>
      <h1 className={styles.heading}>{t.title}</h1>
      <nav className={styles.tabs} aria-label={t.tabsLabel}>
        {USER_CENTER_TABS.map((entry) => (
          <Link
            key={entry}
            to={`/user-center/${entry}`}
            aria-current={entry === tab ? 'page' : undefined}
            className={entry === tab ? `${styles.tab} ${styles.activeTab}` : styles.tab}
          >
            {t.tabs[entry]}
          </Link>
        ))}
      </nav>
      <div className={styles.content}>{children}</div>
    </section>
  );
}
