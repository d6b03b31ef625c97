import { useState } from 'react';
import { createStudioSeries } from '@melon/shared/calls/studio-series.calls';
import { ApiError } from '@melon/shared/client/errors';
import type {
  StudioSeries,
  StudioSeriesKind,
  StudioSeriesPage,
} from '@melon/shared/contracts/studio-series';
import { browserClient } from '~/lib/browser-client.ts';
import { seriesMessages as t } from '../messages.ts';
import { SeriesEditor } from './SeriesEditor.tsx';
import styles from './SeriesManager.module.css';

interface SeriesManagerProps {
  page: StudioSeriesPage;
  notify: (message: string) => void;
}

/** 合集管理: a form to make a series, then each of the author's series to edit. */
export function SeriesManager({ page, notify }: SeriesManagerProps) {
  const [series, setSeries] = useState(page.series);
  const [title, setTitle] = useState('');
  const [kind, setKind] = useState<StudioSeriesKind>('series');

  const replace = (next: StudioSeries) => {
    setSeries((list) => list.map((entry) => (entry.series_id === next.series_id ? next : entry)));
  };

  async function create() {
    try {
      const made = await browserClient().call(createStudioSeries, { kind, title });
      setSeries((list) => [made, ...list]);
      setTitle('');
    } catch (error) {
      notify(error instanceof ApiError && error.message ? error.message : t.failed);
    }
  }

  return (
    <div className={styles.manager}>
      <form
        className={styles.create}
        aria-label={t.createTitle}
        onSubmit={(event) => {
          event.preventDefault();
          void create();
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
            data-testid="studio-series-new-title"
          />
        </label>
        <label>
          {t.kindLabel}
          <select
            value={kind}
            onChange={(e) => {
              setKind(e.target.value as StudioSeriesKind);
            }}
          >
            <option value="series">{t.kinds.series}</option>
            <option value="pseries">{t.kinds.pseries}</option>
          </select>
        </label>
        <button type="submit" className={styles.primary}>
          {t.create}
        </button>
      </form>
      {series.length === 0 && <p className={styles.note}>{t.empty}</p>}
      {series.map((entry) => (
        <SeriesEditor
          key={entry.series_id}
          series={entry}
          videos={page.videos}
          onChanged={replace}
          onDeleted={(id) => {
            setSeries((list) => list.filter((s) => s.series_id !== id));
          }}
          notify={notify}
        />
      ))}
    </div>
  );
}
