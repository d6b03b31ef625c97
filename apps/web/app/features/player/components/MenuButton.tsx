import { useId, useRef, useState, type ReactNode } from 'react';
import { useDismiss } from '~/components/ui/use-dismiss.ts';
import styles from './Player.module.css';

interface MenuButtonProps {
  /** Accessible name of the button. */
  label: string;
  /** What the button shows (text or an icon). */
  face: ReactNode;
  children: (close: () => void) => ReactNode;
  testId?: string;
  /** Extra class of the wrapper (e.g. to hide it on narrow players). */
  className?: string;
}

/** A control-bar button with a menu above it: opens on click or hover, closes on Esc or outside. */
export function MenuButton({ label, face, children, testId, className }: MenuButtonProps) {
  // Hovering opens it for the mouse; a click (or Enter) opens or closes it for everyone else.
  const [hovered, setHovered] = useState(false);
  const [clicked, setClicked] = useState(false);
  const open = hovered || clicked;
  const boxRef = useRef<HTMLDivElement>(null);
  const menuId = useId();
  const close = () => {
    setHovered(false);
    setClicked(false);
  };

  useDismiss(boxRef, open, close);
  // A text face is part of the name, so the button is called by what it shows (WCAG 2.5.3).
  const name = typeof face === 'string' && face !== label ? `${label}：${face}` : label;

  return (
    <div
      ref={boxRef}
      className={className ? `${styles.menuBox} ${className}` : styles.menuBox}
      onMouseEnter={() => {
        setHovered(true);
      }}
      onMouseLeave={close}
    >
      <button
        type="button"
        className={styles.textButton}
        aria-label={name}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={menuId}
        data-testid={testId}
        onClick={() => {
          setClicked((value) => !value);
        }}
      >
        {face}
      </button>
      <div id={menuId} role="menu" aria-label={label} className={styles.menu} hidden={!open}>
        {children(close)}
      </div>
    </div>
  );
}
