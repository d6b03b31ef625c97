import { Icon } from '~/features/layout/components/Icon.tsx';
import { useScrollToTop } from '~/features/layout/hooks/use-scroll-to-top.ts';
import { useScrolledPastScreen } from '~/features/layout/hooks/use-scrolled-past-screen.ts';
import { layoutMessages as t } from '~/features/layout/messages.ts';
import styles from './BackToTop.module.css';

/** The fixed button at the bottom right: shown after one screen of scrolling, back to the top. */
export function BackToTop({ focusTargetId }: { focusTargetId: string }) {
  const shown = useScrolledPastScreen();
  const scrollToTop = useScrollToTop();

  function onClick() {
    scrollToTop();
    // The button hides at the top; keyboard focus continues from the start of the content.
    document.getElementById(focusTargetId)?.focus({ preventScroll: true });
  }

  return (
    <button
      type="button"
      className={shown ? `${styles.button} ${styles.shown}` : styles.button}
      aria-label={t.backToTop}
      title={t.backToTop}
      onClick={onClick}
    >
      <Icon name="top" size={22} />
    </button>
  );
}
