import type { ReactNode } from 'react';
import { Link } from 'react-router';
import styles from './MyPage.module.css';

interface MyPageToolbarProps<Tab extends string> {
  tabs: readonly Tab[];
  current: Tab;
  /** The tabs' words. */
  names: Record<Tab, string>;
  /** A tab's address. */
  pathOf: (tab: Tab) => string;
  /** The name of the tab list, for screen readers. */
  label: string;
  /** What acts on the list, on the tabs' right. */
  children?: ReactNode;
}

/** The tabs of a /my/* list by content kind (the current one marked), and the list's actions. */
export function MyPageToolbar<Tab extends string>(props: MyPageToolbarProps<Tab>) {
  return (
    <div className={styles.toolbar}>
      <nav className={styles.tabs} aria-label={props.label}>
        {props.tabs.map((tab) => (
          <Link
            key={tab}
            to={props.pathOf(tab)}
            className={styles.tab}
            aria-current={tab === props.current ? 'page' : undefined}
          >
            {props.names[tab]}
          </Link>
        ))}
      </nav>
      {props.children}
    </div>
  );
}
