import type { ReactNode } from 'react';
import type { Channel } from '@melon/shared/contracts/channel';
import { BackToTop } from '~/features/layout/components/BackToTop.tsx';
import { Header } from '~/features/layout/components/Header.tsx';
import { SideMenu } from '~/features/layout/components/SideMenu.tsx';
import { useLayoutOptions } from '~/features/layout/hooks/use-layout-options.ts';
import { layoutMessages as t } from '~/features/layout/messages.ts';
import type { GuardEntry, ShellUser } from '~/features/layout/shell-user.ts';
import styles from './AppShell.module.css';

const MAIN_ID = 'main-content';

interface AppShellProps {
  channels: readonly Channel[];
  /** The site's origin, for the sign-in link's return address. */
  origin: string;
  /** The signed-in user, or null for a visitor. */
  user: ShellUser | null;
  /** The login-required guard for the frame's personal entries and the 登录 button. */
  guard: GuardEntry;
  onLogout: () => void;
  /** The header's search box, composed by the app. */
  search: ReactNode;
  /** The header's to-play basket, composed by the app; shown where the route allows it. */
  toPlay?: ReactNode;
  /** 意见反馈, composed by the app: among the fixed buttons, and in the side menu's footer. */
  feedback?: { fixed: ReactNode; menu: ReactNode };
  children: ReactNode;
}

/** The page frame around every route, shaped by the matched routes' layout options. */
export function AppShell({
  channels,
  origin,
  user,
  guard,
  onLogout,
  search,
  toPlay,
  feedback,
  children,
}: AppShellProps) {
  const layout = useLayoutOptions();
  const bare = layout.header === 'hidden';

  return (
    <>
      {!bare && (
        <a href={`#${MAIN_ID}`} className={styles.skipLink}>
          {t.skipToContent}
        </a>
      )}
      {!bare && (
        <Header
          origin={origin}
          user={user}
          guard={guard}
          onLogout={onLogout}
          search={search}
          toPlay={layout.toPlayBasket ? toPlay : undefined}
        />
      )}
      <div className={styles.body}>
        {layout.sideMenu === 'normal' && (
          <SideMenu
            channels={channels}
            signedIn={user !== null}
            guard={guard}
            footerEntry={feedback?.menu}
          />
        )}
        <main id={MAIN_ID} tabIndex={-1} className={bare ? styles.bareMain : styles.main}>
          {children}
        </main>
      </div>
      {layout.fixedButton && (
        <>
          {feedback?.fixed}
          <BackToTop focusTargetId={MAIN_ID} />
        </>
      )}
    </>
  );
}
