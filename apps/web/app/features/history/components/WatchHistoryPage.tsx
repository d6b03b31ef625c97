import { useState } from 'react';
import { Link } from 'react-router';
import {
  HISTORY_KEYWORD_MAX_LENGTH,
  HISTORY_TYPES,
  type HistoryPage,
  type HistoryType,
} from '@melon/shared/contracts/history';
import { StatusMessage, statusActionClass } from '~/components/ui/StatusMessage.tsx';
import { MyPageHeader } from '~/components/my-page/MyPageHeader.tsx';
import frame from '~/components/my-page/MyPage.module.css';
import { MyPageToolbar } from '~/components/my-page/MyPageToolbar.tsx';
import { groupHistory } from '../history-groups.ts';
import { useHistoryList } from '../hooks/use-history-list.ts';
import { historyMessages as t } from '../messages.ts';
import { historyPath } from '../history-path.ts';
import { ClearHistoryDialog } from './ClearHistoryDialog.tsx';
import { HistoryCard } from './HistoryCard.tsx';
import styles from './WatchHistory.module.css';

interface WatchHistoryPageProps {
  first: HistoryPage;
  type: HistoryType;
  /** The search the page shows the results of, or null for the whole history. */
  keyword: string | null;
  nowMs: number;
  /** Shows a short message (the app's toast). */
  notify: (message: string) => void;
}

/**
 * /my/watch-history: the tabs, a search box, the history under 今天 / 昨天 / 更早 with the
 * watched part on every cover, deleting one entry, several (select mode) or all of them.
 */
export function WatchHistoryPage({ first, type, keyword, nowMs, notify }: WatchHistoryPageProps) {
  const list = useHistoryList({ first, type, keyword });
  const [selecting, setSelecting] = useState(false);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [confirming, setConfirming] = useState(false);
  const groups = groupHistory(list.entries, nowMs);

  const run = (action: () => Promise<string>) => {
    action().then(notify, () => {
      notify(t.failed);
    });
  };
  const deleteIds = (ids: readonly string[]) => {
    run(async () => {
      const deleted = await list.remove(ids);
      setSelected(new Set());
      return t.deleted(deleted);
    });
  };
  const toggle = (id: string) => {
    setSelected((now) => {
      const next = new Set(now);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  };

  return (
    <section className={frame.page} aria-labelledby="history-title">
      <MyPageHeader
        titleId="history-title"
        title={t.title}
        searchAction={historyPath(type)}
        keyword={keyword}
        searchPlaceholder={t.searchPlaceholder}
        searchLabel={t.searchLabel}
        searchButton={t.search}
        maxLength={HISTORY_KEYWORD_MAX_LENGTH}
      />
      <MyPageToolbar
        tabs={HISTORY_TYPES}
        current={type}
        names={t.tabs}
        pathOf={historyPath}
        label={t.tabsLabel}
      >
        {(list.entries.length > 0 || list.hasMore) && (
          <div className={styles.actions}>
            {selecting && (
              <>
                <span className={styles.count} role="status">
                  {t.selected(selected.size)}
                </span>
                <button
                  type="button"
                  className={styles.textButton}
                  onClick={() => {
                    setSelected(new Set(list.entries.map((entry) => entry.groupId)));
                  }}
                >
                  {t.selectAll}
                </button>
                <button
                  type="button"
                  className={styles.textButton}
                  disabled={selected.size === 0 || list.busy}
                  onClick={() => {
                    deleteIds([...selected]);
                  }}
                >
                  {t.deleteSelected}
                </button>
              </>
            )}
            <button
              type="button"
              className={styles.textButton}
              aria-pressed={selecting}
              onClick={() => {
                setSelecting(!selecting);
                setSelected(new Set());
              }}
            >
              {selecting ? t.doneManaging : t.manage}
            </button>
            {!keyword && (
              <button
                type="button"
                className={styles.textButton}
                onClick={() => {
                  setConfirming(true);
                }}
              >
                {t.clearAll}
              </button>
            )}
          </div>
        )}
      </MyPageToolbar>
      {keyword && (
        <p className={styles.searchNote}>
          {t.searchResults(keyword)}
          <Link to={historyPath(type)} className={styles.textButton}>
            {t.clearSearch}
          </Link>
        </p>
      )}
      {/* Every shown entry deleted while more exist: only 加载更多 is left. */}
      {groups.length === 0 && !list.hasMore ? (
        <StatusMessage
          title={keyword ? t.emptySearch : t.empty}
          actions={
            <Link to="/" className={statusActionClass}>
              {t.goHome}
            </Link>
          }
        />
      ) : (
        groups.map((group) => (
          <section
            key={group.key}
            className={styles.group}
            aria-labelledby={`history-${group.key}`}
          >
            <h2 id={`history-${group.key}`} className={styles.groupTitle}>
              {t.groups[group.key]}
            </h2>
            <ul className={styles.grid}>
              {group.entries.map((entry) => (
                <HistoryCard
                  key={entry.groupId}
                  entry={entry}
                  selecting={selecting}
                  selected={selected.has(entry.groupId)}
                  busy={list.busy}
                  onToggle={toggle}
                  onDelete={(id) => {
                    deleteIds([id]);
                  }}
                />
              ))}
            </ul>
          </section>
        ))
      )}
      {list.hasMore && (
        <button
          type="button"
          className={styles.more}
          disabled={list.busy}
          onClick={() => {
            list.loadMore().catch(() => {
              notify(t.failed);
            });
          }}
        >
          {list.busy ? t.loading : t.loadMore}
        </button>
      )}
      {confirming && (
        <ClearHistoryDialog
          busy={list.busy}
          onCancel={() => {
            setConfirming(false);
          }}
          onConfirm={() => {
            setConfirming(false);
            setSelecting(false);
            run(async () => {
              await list.clear();
              return t.cleared;
            });
          }}
        />
      )}
    </section>
  );
}
