import { Link, useLocation } from 'react-router';
import { Icon } from '~/features/layout/components/Icon.tsx';
import { MelonMark } from '~/features/layout/components/MelonMark.tsx';
import { SearchBox } from '~/features/layout/components/SearchBox.tsx';
import { layoutMessages as t } from '~/features/layout/messages.ts';
import { loginPath } from '~/lib/paths.ts';
import styles from './Header.module.css';

/** The sticky top bar: logo, search, and the sign-in entry. */
export function Header({ origin }: { origin: string }) {
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
      <div className={styles.search}>
        <SearchBox />
      </div>
      <div className={styles.actions}>
        <Link to="/app" className={styles.action}>
          <Icon name="download" size={18} />
          <span>{t.desktopApp}</span>
        </Link>
        <a href={loginPath(here)} className={styles.login}>
          {t.login}
        </a>
      </div>
    </header>
  );
}
