import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { Link } from 'react-router';
import { Avatar } from '~/components/ui/Avatar.tsx';
import { useDismiss } from '~/components/ui/use-dismiss.ts';
import { layoutMessages as t } from '~/features/layout/messages.ts';
import type { ShellUser } from '~/features/layout/shell-user.ts';
import styles from './UserMenu.module.css';

/** The signed-in user in the header: avatar and name, opening 个人中心, 创作中心, 会员中心 and 退出登录. */
export function UserMenu({ user, onLogout }: { user: ShellUser; onLogout: () => void }) {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (open) root.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
  }, [open]);
  // Escape is the menu's own key: it also gives the focus back to the button.
  useDismiss(
    root,
    open,
    () => {
      setOpen(false);
    },
    { escape: false },
  );

  function onMenuKeyDown(event: KeyboardEvent<HTMLUListElement>) {
    const items = [...event.currentTarget.querySelectorAll<HTMLElement>('[role="menuitem"]')];
    const index = items.indexOf(document.activeElement as HTMLElement);
    if (event.key === 'Escape') {
      event.preventDefault();
      setOpen(false);
      button.current?.focus();
    } else if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      items[(index + step + items.length) % items.length]?.focus();
    } else if (event.key === 'Tab') {
      setOpen(false);
    }
  }

  return (
    <div className={styles.root} ref={root}>
      <button
        ref={button}
        type="button"
        className={styles.trigger}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => {
          setOpen((value) => !value);
        }}
      >
        <Avatar name={user.name} url={user.avatarUrl} size={32} />
        <span className={styles.name}>{user.name}</span>
      </button>
      {open && (
        <ul
          id={menuId}
          role="menu"
          className={styles.menu}
          aria-label={user.name}
          onKeyDown={onMenuKeyDown}
        >
          <li role="none">
            <Link
              role="menuitem"
              to="/user-center"
              className={styles.item}
              onClick={() => {
                setOpen(false);
              }}
            >
              {t.userCenter}
            </Link>
          </li>
          <li role="none">
            <Link
              role="menuitem"
              to="/user-center/creator/videos"
              className={styles.item}
              onClick={() => {
                setOpen(false);
              }}
            >
              {t.creatorStudio}
            </Link>
          </li>
          <li role="none">
            <Link
              role="menuitem"
              to="/vip-center"
              className={styles.item}
              onClick={() => {
                setOpen(false);
              }}
            >
              {t.vipCenter}
            </Link>
          </li>
          <li role="none">
            <button
              role="menuitem"
              type="button"
              className={styles.item}
              onClick={() => {
                setOpen(false);
                onLogout();
              }}
            >
              {t.logout}
            </button>
          </li>
        </ul>
      )}
    </div>
  );
}
