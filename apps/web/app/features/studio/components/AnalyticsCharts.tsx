import { useEffect, useMemo, useRef, useState } from 'react';
import type { StudioAnalytics } from '@melon/shared/contracts/studio';
import { asPercent, playsSummary, retentionSummary } from '../analytics-summary.ts';
import { loadLineChart, type LineChartSpec } from '../line-chart.ts';
import { studioVideoMessages as t } from '../video-messages.ts';
import frame from './Studio.module.css';
import styles from './StudioVideos.module.css';

/** 数据中心 for one video: plays per day and audience retention, each with its sentence and table. */
export function AnalyticsCharts({ analytics }: { analytics: StudioAnalytics }) {
  const days = analytics.daily_plays;
  // One spec per answer: a new object would draw the chart again on every render.
  const playsSpec = useMemo(
    () => ({
      x: days.map((day) => day.date.slice(5)),
      y: days.map((day) => day.plays),
      area: false,
      percent: false,
    }),
    [days],
  );
  const retentionSpec = useMemo(
    () => ({
      x: analytics.retention.map((point) => `${point.percent}%`),
      y: analytics.retention.map((point) => Math.round(point.share * 1000) / 10),
      area: true,
      percent: true,
    }),
    [analytics.retention],
  );
  return (
    <div className={styles.charts}>
      <section className={styles.chartBlock} aria-labelledby="studio-plays-heading">
        <h3 id="studio-plays-heading" className={styles.chartHeading}>
          {t.playsHeading}
        </h3>
        <p className={frame.note}>{playsSummary(days)}</p>
        <LineChart label={t.playsHeading} spec={playsSpec} />
        <DataTable
          head={[t.tableDate, t.tablePlays]}
          rows={days.map((day) => [day.date, String(day.plays)])}
        />
      </section>
      <section className={styles.chartBlock} aria-labelledby="studio-retention-heading">
        <h3 id="studio-retention-heading" className={styles.chartHeading}>
          {t.retentionHeading}
        </h3>
        <p className={frame.note}>{retentionSummary(analytics)}</p>
        {analytics.retention.length === 0 ? (
          <p className={styles.empty}>{t.noRetention}</p>
        ) : (
          <>
            <LineChart label={t.retentionHeading} spec={retentionSpec} />
            <DataTable
              head={[t.tablePoint, t.tableShare]}
              rows={analytics.retention.map((point) => [
                `${point.percent}%`,
                asPercent(point.share),
              ])}
            />
          </>
        )}
      </section>
    </div>
  );
}

/** The chart, drawn once ECharts has loaded (in the browser only); the table says the same. */
function LineChart({ label, spec }: { label: string; spec: LineChartSpec }) {
  const box = useRef<HTMLDivElement>(null);
  const [drawn, setDrawn] = useState(false);
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    let dispose: (() => void) | undefined;
    let cancelled = false;
    void loadLineChart(element, spec).then((chart) => {
      if (cancelled) {
        chart.dispose();
        return;
      }
      dispose = chart.dispose;
      setDrawn(true);
    });
    return () => {
      cancelled = true;
      dispose?.();
    };
  }, [spec]);
  // ECharts owns the box's children (it empties it): React renders nothing inside.
  return (
    <>
      {!drawn && <p className={frame.note}>{t.chartLoading}</p>}
      <div
        ref={box}
        className={styles.chart}
        role="img"
        aria-label={label}
        data-drawn={drawn ? 'true' : undefined}
      />
    </>
  );
}

function DataTable({ head, rows }: { head: readonly string[]; rows: readonly string[][] }) {
  return (
    <details>
      <summary className={frame.note}>{t.showTable}</summary>
      <table className={frame.table}>
        <thead>
          <tr>
            {head.map((cell) => (
              <th key={cell} scope="col">
                {cell}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map(([first = '', ...rest]) => (
            <tr key={first}>
              <th scope="row">{first}</th>
              {rest.map((cell, i) => (
                <td key={i}>{cell}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </details>
  );
}
