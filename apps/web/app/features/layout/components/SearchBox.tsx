import type { SubmitEvent } from 'react';
import { matchPath, useLocation, useNavigate } from 'react-router';
import { Icon } from '~/features/layout/components/Icon.tsx';
import { layoutMessages as t } from '~/features/layout/messages.ts';
import { searchPath } from '~/lib/paths.ts';
import styles from './SearchBox.module.css';

/** The keyword of a /search/<keyword> path, decoded; '' elsewhere. */
function keywordOf(pathname: string): string {
  const raw = matchPath('/search/:keyword/*', pathname)?.params.keyword ?? '';
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

/** The header's search box; it shows the keyword of the search page it is on. */
export function SearchBox() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const current = keywordOf(pathname);

  function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const value = new FormData(event.currentTarget).get('keyword');
    const keyword = typeof value === 'string' ? value.trim() : '';
    if (keyword) void navigate(searchPath(keyword));
    else event.currentTarget.querySelector('input')?.focus();
  }

  // Without JavaScript the form still works: /search?keyword= redirects to /search/<keyword>.
  return (
    <form
      key={current}
      className={styles.form}
      role="search"
      action="/search"
      method="get"
      onSubmit={submit}
    >
      <input
        className={styles.input}
        type="search"
        name="keyword"
        defaultValue={current}
        placeholder={t.searchPlaceholder}
        aria-label={t.searchLabel}
        autoComplete="off"
        enterKeyHint="search"
        maxLength={100}
      />
      <button
        className={styles.submit}
        type="submit"
        aria-label={t.searchSubmit}
        title={t.searchSubmit}
      >
        <Icon name="search" size={20} />
      </button>
    </form>
  );
}
