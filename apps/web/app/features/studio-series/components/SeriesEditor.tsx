import { useEffect, useRef, useState, type DragEvent, type KeyboardEvent } from 'react';
import {
  deleteStudioSeries,
  setStudioSeriesItems,
  updateStudioSeries,
} from '@melon/shared/calls/studio-series.calls';
import type { VideoListItem } from '@melon/shared/contracts/author';
import type { StudioSeries } from '@melon/shared/contracts/studio-series';
import { ApiError } from '@melon/shared/client/errors';
import { browserClient } from '~/lib/browser-client.ts';
import { seriesMessages as t } from '../messages.ts';
import { moveEntry } from '../move-entry.ts';
import styles from './SeriesManager.module.css';

interface SeriesEditorProps {
  series: StudioSeries;
  /** The author's videos, for 加入视频. */
  videos: readonly VideoListItem[];
  onChanged: (series: StudioSeries) => void;
  onDeleted: (seriesId: string) => void;
  notify: (message: string) => void;
}

const failure = (error: unknown) =>
  error instanceof ApiError && error.message ? error.message : t.failed;

/**
 * One series: its name, description and cover, and its videos in order. The order changes by
 * dragging a row, by its 上移/下移 buttons or by Alt + ↑/↓ on a focused row; each change is
 * saved at once (the whole order in one write) and announced to screen readers.
 */
export function SeriesEditor({ series, videos, onChanged, onDeleted, notify }: SeriesEditorProps) {
  const [items, setItems] = useState(series.items);
  const [announcement, setAnnouncement] = useState('');
  const [dragging, setDragging] = useState<number | null>(null);
  const [focusIndex, setFocusIndex] = useState<number | null>(null);
  const [title, setTitle] = useState(series.title);
  const [description, setDescription] = useState(series.description);
  const [cover, setCover] = useState('');
  const [adding, setAdding] = useState('');
  const rows = useRef<(HTMLLIElement | null)[]>([]);

  useEffect(() => {
    if (focusIndex !== null) rows.current[focusIndex]?.focus();
  }, [focusIndex, items]);

  async function save(next: VideoListItem[], message: string) {
    const before = items;
    setItems(next);
    try {
      const saved = await browserClient().call(setStudioSeriesItems, {
        series_id: series.series_id,
        item_ids: next.map((item) => item.id),
      });
      setAnnouncement(message);
      onChanged(saved);
    } catch (error) {
      setItems(before);
      notify(failure(error));
    }
  }

  function move(from: number, to: number) {
    const entry = items[from];
    if (!entry || to < 0 || to >= items.length || from === to) return;
    setFocusIndex(to);
    void save(moveEntry(items, from, to), t.moved(entry.title, to + 1, items.length));
  }

  function onRowKey(event: KeyboardEvent<HTMLLIElement>, index: number) {
    if (!event.altKey && !event.ctrlKey) return;
    if (event.key === 'ArrowUp' || event.key === 'ArrowDown') {
      event.preventDefault();
      move(index, event.key === 'ArrowUp' ? index - 1 : index + 1);
    }
  }

  function onDrop(event: DragEvent<HTMLLIElement>, index: number) {
    event.preventDefault();
    if (dragging !== null) move(dragging, index);
    setDragging(null);
  }

  async function saveDetails() {
    try {
      const saved = await browserClient().call(updateStudioSeries, {
        series_id: series.series_id,
        title,
        description,
        ...(cover === '' ? {} : { cover_item_id: cover }),
      });
      onChanged(saved);
      notify(t.saved);
    } catch (error) {
      notify(failure(error));
    }
  }

  async function remove() {
    if (!window.confirm(t.confirmDelete(series.title))) return;
    try {
      await browserClient().call(deleteStudioSeries, { series_id: series.series_id });
      onDeleted(series.series_id);
      notify(t.deleted);
    } catch (error) {
      notify(failure(error));
    }
  }

  const inSeries = new Set(items.map((item) => item.id));
  const addable = videos.filter((video) => !inSeries.has(video.id));
  const headingId = `series-${series.series_id}`;

  return (
    <article className={styles.series} aria-labelledby={headingId} data-testid="studio-series">
      <header className={styles.seriesHead}>
        {series.cover_url ? (
          <img className={styles.cover} src={series.cover_url} alt="" />
        ) : (
          <span className={styles.cover} aria-hidden="true" />
        )}
        <div className={styles.seriesTitle}>
          <h3 id={headingId}>{series.title}</h3>
          <p className={styles.note}>
            {t.kinds[series.kind]} · {t.count(items.length)}
          </p>
        </div>
        <button type="button" className={styles.danger} onClick={() => void remove()}>
          {t.deleteSeries}
        </button>
      </header>

      <form
        className={styles.details}
        onSubmit={(event) => {
          event.preventDefault();
          void saveDetails();
        }}
      >
        <label>
          {t.titleLabel}
          <input
            value={title}
            maxLength={40}
            required
            onChange={(e) => {
              setTitle(e.target.value);
            }}
          />
        </label>
        <label>
          {t.descriptionLabel}
          <input
            value={description}
            maxLength={200}
            onChange={(e) => {
              setDescription(e.target.value);
            }}
          />
        </label>
        <label>
          {t.coverLabel}
          <select
            value={cover}
            onChange={(e) => {
              setCover(e.target.value);
            }}
          >
            <option value="">{t.keepCover}</option>
            {items.map((item) => (
              <option key={item.id} value={item.id}>
                {t.coverFromVideo(item.title)}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className={styles.button}>
          {t.save}
        </button>
      </form>

      <p className={styles.note} id={`${headingId}-hint`}>
        {t.orderHint}
      </p>
      {items.length === 0 ? (
        <p className={styles.note}>{t.noItems}</p>
      ) : (
        <ol className={styles.entries} aria-describedby={`${headingId}-hint`}>
          {items.map((item, index) => (
            <li
              key={item.id}
              ref={(row) => {
                rows.current[index] = row;
              }}
              className={dragging === index ? `${styles.entry} ${styles.dragging}` : styles.entry}
              tabIndex={0}
              draggable
              aria-label={`${index + 1}. ${item.title}`}
              onKeyDown={(event) => {
                onRowKey(event, index);
              }}
              onDragStart={() => {
                setDragging(index);
              }}
              onDragEnd={() => {
                setDragging(null);
              }}
              onDragOver={(event) => {
                event.preventDefault();
              }}
              onDrop={(event) => {
                onDrop(event, index);
              }}
              data-testid="studio-series-entry"
            >
              <span className={styles.position}>{index + 1}</span>
              <img className={styles.thumb} src={item.videoImage} alt="" />
              <span className={styles.entryTitle}>
                {item.title}
                {item.self_only && <em className={styles.selfOnly}>{t.selfOnly}</em>}
              </span>
              <span className={styles.entryActions}>
                <button
                  type="button"
                  className={styles.small}
                  disabled={index === 0}
                  aria-label={`${t.moveUp}《${item.title}》`}
                  onClick={() => {
                    move(index, index - 1);
                  }}
                >
                  {t.moveUp}
                </button>
                <button
                  type="button"
                  className={styles.small}
                  disabled={index === items.length - 1}
                  aria-label={`${t.moveDown}《${item.title}》`}
                  onClick={() => {
                    move(index, index + 1);
                  }}
                >
                  {t.moveDown}
                </button>
                <button
                  type="button"
                  className={styles.small}
                  aria-label={`${t.remove}《${item.title}》`}
                  onClick={() =>
                    void save(
                      items.filter((entry) => entry.id !== item.id),
                      t.removed(item.title),
                    )
                  }
                >
                  {t.remove}
                </button>
              </span>
            </li>
          ))}
        </ol>
      )}

      <form
        className={styles.add}
        onSubmit={(event) => {
          event.preventDefault();
          const video = addable.find((entry) => entry.id === adding);
          if (!video) return;
          setAdding('');
          void save([...items, video], t.added(video.title));
        }}
      >
        {addable.length === 0 ? (
          <p className={styles.note}>{t.noVideosLeft}</p>
        ) : (
          <>
            <label>
              {t.addLabel}
              <select
                value={adding}
                onChange={(e) => {
                  setAdding(e.target.value);
                }}
              >
                <option value="">{t.pickVideo}</option>
                {addable.map((video) => (
                  <option key={video.id} value={video.id}>
                    {video.title}
                    {video.self_only ? `（${t.selfOnly}）` : ''}
                  </option>
                ))}
              </select>
            </label>
            <button type="submit" className={styles.button} disabled={adding === ''}>
              {t.add}
            </button>
          </>
        )}
      </form>
      <p className="visually-hidden" aria-live="polite" data-testid="studio-series-live">
        {announcement}
      </p>
    </article>
  );
}
