import type { ReactNode } from 'react';
import type { Channel } from '@melon/shared/contracts/channel';
import { BackToTop } from '~/features/layout/components/BackToTop.tsx';
import { Header } from '~/features/layout/components/Header.tsx';
import { SideMenu } from '~/features/layout/components/SideMenu.tsx';
import { useLayoutOptions } from '~/features/layout/hooks/use-layout-options.ts';
import { layoutMessages as t } from '~/features/layout/messages.ts';
import styles from './AppShell.module.css';

const MAIN_ID = 'main-content';

interface AppShellProps {
  channels: readonly Channel[];
  /** The site's origin, for the sign-in link's return address. */
  origin: string;
  children: ReactNode;
}

/** The page frame around every route, shaped by the matched routes' layout options. */
export function AppShell({ channels, origin, children }: AppShellProps) {
  const layout = useLayoutOptions();
  const bare = layout.header === 'hidden';

  return (
    <>
      {!bare && (
        <a href={`#${MAIN_ID}`} className={styles.skipLink}>
          {t.skipToContent}
        </a>
      )}
      {!bare && <Header origin={origin} />}
      <div className={styles.body}>
        {layout.sideMenu === 'normal' && <SideMenu channels={channels} />}
        <main id={MAIN_ID} tabIndex={-1} className={bare ? styles.bareMain : styles.main}>
          {children}
        </main>
      </div>
      {layout.fixedButton && <BackToTop focusTargetId={MAIN_ID} />}
    </>
  );
}
