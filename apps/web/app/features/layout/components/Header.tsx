import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { MelonMark } from '~/components/ui/MelonMark.tsx';
import { Icon } from '~/features/layout/components/Icon.tsx';
import { UserMenu } from '~/features/layout/components/UserMenu.tsx';
import { layoutMessages as t } from '~/features/layout/messages.ts';
import type { GuardEntry, ShellUser } from '~/features/layout/shell-user.ts';
import { loginPath } from '~/lib/paths.ts';
import styles from './Header.module.css';

interface HeaderProps {
  /** The site's origin, for the sign-in link's return address. */
  origin: string;
  user: ShellUser | null;
  guard: GuardEntry;
  onLogout: () => void;
  /** The search box (the search feature's), composed by the app. */
  search: ReactNode;
  /** The to-play basket (the to-play feature's), when the page shows it. */
  toPlay?: ReactNode;
}

/** The sticky top bar: logo, search, the desktop-app link and the user (or 登录). */
export function Header({ origin, user, guard, onLogout, search, toPlay }: HeaderProps) {
  const location = useLocation();
  const here = `${origin}${location.pathname}${location.search}`;

  return (
    <header className={styles.header}>
      <Link to="/" className={styles.logo} aria-label={t.homeLink}>
        <MelonMark size={34} />
        <span className={styles.logoText} aria-hidden="true">
          {t.siteName}
        </span>
      </Link>
      <div className={styles.search}>{search}</div>
      <div className={styles.actions}>
        <Link to="/app" className={styles.action}>
          <Icon name="download" size={18} />
          <span>{t.desktopApp}</span>
        </Link>
        {toPlay}
        {user ? (
          <UserMenu user={user} onLogout={onLogout} />
        ) : (
          // Without JavaScript the link leads to the sign-on page; with it, the dialog opens.
          <a
            href={loginPath(here)}
            className={styles.login}
            onClick={(event) => {
              event.preventDefault();
              guard('login', () => undefined);
            }}
          >
            {t.login}
          </a>
        )}
      </div>
    </header>
  );
}
