import {
  useEffect,
  useRef,
  useState,
  useSyncExternalStore,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import { createPortal } from 'react-dom';
import styles from './Modal.module.css';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

interface ModalProps {
  /** The id of the element that names the dialog (its title). */
  labelledBy: string;
  /** Escape calls it; without it the modal cannot be closed from the keyboard. */
  onClose?: () => void;
  /** The class of the panel: its width and padding. */
  className?: string;
  /** Shown as a sheet from the bottom of the screen on phones. */
  sheetOnPhones?: boolean;
  children: ReactNode;
}

const subscribeNothing = () => () => undefined;

/** True once in the browser: portals need document.body. */
function useIsClient(): boolean {
  return useSyncExternalStore(
    subscribeNothing,
    () => true,
    () => false,
  );
}

function focusables(panel: HTMLElement): HTMLElement[] {
  return [...panel.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
    (element) => element.offsetParent !== null || element === document.activeElement,
  );
}

/**
 * A modal dialog over the page: the rest of the page is inert while it shows, focus stays inside
 * (Tab wraps around) and returns where it was when the modal goes. Modals stack: the newest one
 * makes the others inert too.
 */
export function Modal({ labelledBy, onClose, className, sheetOnPhones, children }: ModalProps) {
  const isClient = useIsClient();
  const root = useRef<HTMLDivElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  // Read while rendering, before an autoFocus field inside moves focus: where focus goes back to.
  const [opener] = useState(() =>
    typeof document === 'undefined' ? null : document.activeElement,
  );

  useEffect(() => {
    const own = root.current;
    const box = panel.current;
    if (!own || !box) return;
    const previousFocus = opener instanceof HTMLElement ? opener : null;
    const madeInert: HTMLElement[] = [];
    for (const element of document.body.children) {
      if (element !== own && element instanceof HTMLElement && !element.inert) {
        element.inert = true;
        madeInert.push(element);
      }
    }
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    // An autoFocus field inside has taken focus already; otherwise the first control gets it.
    if (!box.contains(document.activeElement)) (focusables(box)[0] ?? box).focus();
    return () => {
      for (const element of madeInert) element.inert = false;
      document.body.style.overflow = overflow;
      if (previousFocus?.isConnected) previousFocus.focus({ preventScroll: true });
    };
  }, [isClient, opener]);

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key === 'Escape' && onClose) {
      event.stopPropagation();
      onClose();
      return;
    }
    if (event.key !== 'Tab' || !panel.current) return;
    const list = focusables(panel.current);
    const first = list[0];
    const last = list.at(-1);
    if (!first || !last) {
      event.preventDefault();
      return;
    }
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  }

  if (!isClient) return null;
  return createPortal(
    <div
      ref={root}
      className={sheetOnPhones ? `${styles.overlay} ${styles.sheet}` : styles.overlay}
    >
      <div
        ref={panel}
        role="dialog"
        aria-modal="true"
        aria-labelledby={labelledBy}
        tabIndex={-1}
        className={className ? `${styles.panel} ${className}` : styles.panel}
        onKeyDown={onKeyDown}
      >
        {children}
      </div>
    </div>,
    document.body,
  );
}
