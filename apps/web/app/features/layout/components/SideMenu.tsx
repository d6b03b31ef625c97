import type { MouseEvent, ReactNode } from 'react';
import { NavLink, useNavigate } from 'react-router';
import type { Channel } from '@melon/shared/contracts/channel';
import { Icon } from '~/features/layout/components/Icon.tsx';
import { layoutMessages as t } from '~/features/layout/messages.ts';
import type { GuardedEntry, GuardEntry } from '~/features/layout/shell-user.ts';
import { channelPath, isSitePath } from '~/lib/paths.ts';
import styles from './SideMenu.module.css';

interface EntryProps {
  to: string;
  icon: string;
  label: string;
  onClick?: (event: MouseEvent<HTMLAnchorElement>) => void;
}

function Entry({ to, icon, label, onClick }: EntryProps) {
  const content = (
    <>
      <Icon name={icon} size={22} className={styles.icon} />
      <span className={styles.label}>{label}</span>
    </>
  );
  if (!isSitePath(to)) {
    return (
      <a href={to} className={styles.link}>
        {content}
      </a>
    );
  }
  return (
    <NavLink
      to={to}
      end={to === '/'}
      onClick={onClick}
      className={({ isActive }) => (isActive ? `${styles.link} ${styles.active}` : styles.link)}
    >
      {content}
    </NavLink>
  );
}

const PERSONAL: readonly { to: string; icon: string; label: string; entry: GuardedEntry }[] = [
  { to: '/my/watch-history', icon: 'history', label: t.watchHistory, entry: 'history' },
  { to: '/my/favorite', icon: 'favorite', label: t.favorites, entry: 'favorite_list' },
  { to: '/my/attention', icon: 'follow', label: t.attention, entry: 'attention' },
];

interface SideMenuProps {
  channels: readonly Channel[];
  signedIn: boolean;
  guard: GuardEntry;
  /** An entry the app composes into the footer after the links (意见反馈). */
  footerEntry?: ReactNode;
}

/** The channel menu: a column on wide screens, icons below 1200px, a scroller on phones. */
export function SideMenu({ channels, signedIn, guard, footerEntry }: SideMenuProps) {
  const navigate = useNavigate();
  return (
    <nav className={styles.menu} aria-label={t.channelsLabel}>
      <ul className={styles.list}>
        {channels.map((channel) => (
          <li key={channel.channelId}>
            <Entry to={channelPath(channel)} icon={channel.icon} label={channel.name} />
          </li>
        ))}
      </ul>
      <ul className={`${styles.list} ${styles.secondary}`} aria-label={t.personalLabel}>
        {PERSONAL.map(({ to, icon, label, entry }) => (
          <li key={to}>
            <Entry
              to={to}
              icon={icon}
              label={label}
              // The personal pages need a signed-in user: a visitor gets the login prompt first.
              onClick={
                signedIn
                  ? undefined
                  : (event) => {
                      event.preventDefault();
                      guard(entry, () => void navigate(to));
                    }
              }
            />
          </li>
        ))}
      </ul>
      <footer className={styles.footer}>
        <NavLink to="/app" className={styles.footerLink}>
          {t.downloadApp}
        </NavLink>
        <NavLink to="/tort" className={styles.footerLink}>
          {t.tort}
        </NavLink>
        {footerEntry}
        <p className={styles.copyright}>© {t.siteName}</p>
      </footer>
    </nav>
  );
}
