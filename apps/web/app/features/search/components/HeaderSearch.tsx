import { useId, useState, type KeyboardEvent, type SubmitEvent } from 'react';
import { matchPath, useLocation, useNavigate } from 'react-router';
import { clearSearchHistory } from '@melon/shared/calls/search.calls';
import { SEARCH_KEYWORD_MAX_LENGTH } from '@melon/shared/contracts/search';
import { browserClient } from '~/lib/browser-client.ts';
import { searchPath } from '~/lib/paths.ts';
import { useCompletions, usePanel } from '../hooks/use-box-words.ts';
import { clearLocalHistory, readLocalHistory } from '../local-history.ts';
import { searchMessages as t } from '../messages.ts';
import styles from './HeaderSearch.module.css';

/** The keyword of a /search/<keyword> path, decoded; '' elsewhere. */
function keywordOf(pathname: string): string {
  const raw = matchPath('/search/:keyword/*', pathname)?.params.keyword ?? '';
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

interface Option {
  word: string;
  group: 'suggest' | 'history' | 'hot';
}

interface HeaderSearchProps {
  /** A signed-in viewer's history is the server's; a visitor's stays in this browser. */
  signedIn: boolean;
}

/**
 * The header's search box: completions as one types (pinyin too), and, while it is empty, the
 * recent searches and the hot words. Arrow keys move through them, Enter searches, Escape closes.
 */
export function HeaderSearch({ signedIn }: HeaderSearchProps) {
  const { pathname } = useLocation();
  const current = keywordOf(pathname);
  return <Box key={current} initial={current} signedIn={signedIn} />;
}

function Box({ initial, signedIn }: { initial: string; signedIn: boolean }) {
  const navigate = useNavigate();
  const listId = useId();
  const [value, setValue] = useState(initial);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [localHistory, setLocalHistory] = useState<string[]>([]);
  const completions = useCompletions(value, open);
  const { panel, setPanel } = usePanel(open);

  const history = signedIn ? panel.history : localHistory;
  const typed = value.trim() !== '';
  const options: Option[] = typed
    ? completions.map((word) => ({ word, group: 'suggest' }))
    : [
        ...history.map((word) => ({ word, group: 'history' as const })),
        ...panel.hot.map(({ word }) => ({ word, group: 'hot' as const })),
      ];
  const shown = open && options.length > 0;

  function openPanel() {
    if (!signedIn) setLocalHistory(readLocalHistory());
    setOpen(true);
  }

  function go(word: string) {
    const keyword = word.trim().slice(0, SEARCH_KEYWORD_MAX_LENGTH);
    if (!keyword) return;
    setOpen(false);
    setActive(-1);
    setValue(keyword);
    void navigate(searchPath(keyword));
  }

  function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const chosen = active >= 0 ? options[active] : undefined;
    if (chosen) go(chosen.word);
    else if (value.trim()) go(value);
    else event.currentTarget.querySelector('input')?.focus();
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!open) openPanel();
      if (options.length === 0) return;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      // -1 is the box itself: the arrows go round through it.
      setActive((index) => {
        const next = index + step;
        if (next >= options.length) return -1;
        return next < -1 ? options.length - 1 : next;
      });
    } else if (event.key === 'Escape' && open) {
      event.preventDefault();
      setOpen(false);
      setActive(-1);
    }
  }

  async function clearHistory() {
    if (signedIn) {
      await browserClient()
        .call(clearSearchHistory, { all: true })
        .then(
          () => {
            setPanel((before) => ({ ...before, history: [] }));
          },
          () => undefined,
        );
    } else {
      clearLocalHistory();
      setLocalHistory([]);
    }
  }

  const activeOption = active >= 0 && active < options.length ? active : -1;
  const optionId = (index: number) => `${listId}-${index}`;
  const renderGroup = (group: Option['group'], labelId: string | undefined) => {
    const inGroup = options
      .map((option, index) => ({ option, index }))
      .filter(({ option }) => option.group === group);
    if (inGroup.length === 0) return null;
    return (
      <div
        role="group"
        aria-labelledby={labelId}
        className={group === 'suggest' ? styles.rows : styles.chips}
      >
        {inGroup.map(({ option, index }) => (
          <div
            key={`${group}-${option.word}`}
            id={optionId(index)}
            role="option"
            aria-selected={index === activeOption}
            className={index === activeOption ? styles.activeOption : styles.option}
            onMouseDown={(event) => {
              event.preventDefault();
            }}
            onClick={() => {
              go(option.word);
            }}
          >
            {group === 'hot' && (
              <span className={styles.rank} aria-hidden="true">
                {index - history.length + 1}
              </span>
            )}
            {option.word}
          </div>
        ))}
      </div>
    );
  };
  const historyLabel = `${listId}-history`;
  const hotLabel = `${listId}-hot`;

  // Without JavaScript the form still works: /search?keyword= redirects to /search/<keyword>.
  return (
    <form
      className={styles.form}
      role="search"
      action="/search"
      method="get"
      onSubmit={submit}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setOpen(false);
      }}
    >
      <div className={styles.field}>
        <input
          className={styles.input}
          type="search"
          name="keyword"
          value={value}
          placeholder={t.placeholder}
          aria-label={t.label}
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={shown}
          aria-controls={listId}
          aria-activedescendant={activeOption >= 0 ? optionId(activeOption) : undefined}
          autoComplete="off"
          enterKeyHint="search"
          maxLength={SEARCH_KEYWORD_MAX_LENGTH}
          onChange={(event) => {
            setValue(event.target.value);
            setActive(-1);
            setOpen(true);
          }}
          onFocus={openPanel}
          onClick={openPanel}
          onKeyDown={onKeyDown}
        />
        <button className={styles.submit} type="submit" aria-label={t.submit} title={t.submit}>
          <svg viewBox="0 0 24 24" width={20} height={20} aria-hidden="true">
            <circle cx="11" cy="11" r="6.5" fill="none" stroke="currentColor" strokeWidth="2" />
            <path d="m16 16 4.5 4.5" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
        </button>
      </div>
      <div className={styles.panel} hidden={!shown}>
        {!typed && history.length > 0 && (
          <div className={styles.groupHead}>
            <span id={historyLabel}>{t.history}</span>
            <button
              type="button"
              className={styles.clear}
              aria-label={t.clearHistoryLabel}
              onMouseDown={(event) => {
                event.preventDefault();
              }}
              onClick={() => void clearHistory()}
            >
              {t.clearHistory}
            </button>
          </div>
        )}
        <div id={listId} role="listbox" aria-label={typed ? t.suggestions : t.title}>
          {typed ? (
            renderGroup('suggest', undefined)
          ) : (
            <>
              {renderGroup('history', historyLabel)}
              {panel.hot.length > 0 && (
                <div className={styles.groupHead} id={hotLabel} role="presentation">
                  {t.hot}
                </div>
              )}
              {renderGroup('hot', hotLabel)}
            </>
          )}
        </div>
      </div>
    </form>
  );
}
