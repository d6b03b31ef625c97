import type { StudioAnalytics } from '@melon/shared/contracts/studio';
import { studioVideoMessages as t } from './video-messages.ts';

/** The plays chart in one sentence: the total and the busiest day. */
export function playsSummary(days: StudioAnalytics['daily_plays']): string {
  const total = days.reduce((sum, day) => sum + day.plays, 0);
  const peak = days.reduce((best, day) => (day.plays > best.plays ? day : best), {
    date: '',
    plays: 0,
  });
  return t.playsSummary(total, peak.date, peak.plays);
}

/** The retention chart in one sentence: how far half of the viewers got. */
export function retentionSummary(
  analytics: Pick<StudioAnalytics, 'viewers' | 'retention'>,
): string {
  const half = analytics.retention.filter((point) => point.share >= 0.5).at(-1);
  return t.retentionSummary(analytics.viewers, half?.percent ?? null);
}

/** A share as a whole percent, for the table and the chart's labels. */
export const asPercent = (share: number): string => `${Math.round(share * 100)}%`;
