import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import styles from './Player.module.css';

interface MenuButtonProps {
  /** Accessible name of the button. */
  label: string;
  /** What the button shows (text or an icon). */
  face: ReactNode;
  children: (close: () => void) => ReactNode;
  testId?: string;
}

/** A control-bar button with a menu above it: opens on click or hover, closes on Esc or outside. */
export function MenuButton({ label, face, children, testId }: MenuButtonProps) {
  const [open, setOpen] = useState(false);
  const boxRef = useRef<HTMLDivElement>(null);
  const menuId = useId();
  const close = () => {
    setOpen(false);
  };

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!boxRef.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  return (
    <div
      ref={boxRef}
      className={styles.menuBox}
      onMouseEnter={() => {
        setOpen(true);
      }}
      onMouseLeave={close}
    >
      <button
        type="button"
        className={styles.textButton}
        aria-label={label}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={menuId}
        data-testid={testId}
        onClick={() => {
          setOpen((value) => !value);
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
