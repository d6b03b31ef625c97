const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** Asia/Shanghai is UTC+8 all year (no daylight saving since 1991), so a fixed offset suffices. */
const SHANGHAI_OFFSET = 8 * HOUR;
/** The feed shows relative hours until 23 hours have passed (SPEC §9). */
const FEED_RELATIVE_LIMIT = 23 * HOUR;

function pad2(n: number): string {
  return String(n).padStart(2, '0');
}

/** Whole minutes and hours, or 刚刚 under a minute and for timestamps in the future. */
function recent(elapsed: number): string {
  if (elapsed < MINUTE) return '刚刚';
  if (elapsed < HOUR) return `${Math.floor(elapsed / MINUTE)}分钟前`;
  return `${Math.floor(elapsed / HOUR)}小时前`;
}

/**
 * SPEC §9 relative time: 刚刚, N分钟前, N小时前, N天前, N周前, N个月前 (30-day months),
 * N年前 (365-day years). Both arguments are epoch milliseconds; a non-finite one gives "".
 */
export function formatRelativeTime(timestampMs: number, nowMs: number): string {
  const elapsed = nowMs - timestampMs;
  if (!Number.isFinite(elapsed)) return '';
  if (elapsed < DAY) return recent(elapsed);
  const days = Math.floor(elapsed / DAY);
  if (days < 7) return `${days}天前`;
  if (days < 30) return `${Math.floor(days / 7)}周前`;
  if (days < 365) return `${Math.floor(days / 30)}个月前`;
  return `${Math.floor(days / 365)}年前`;
}

/** Calendar day number and date parts in China time. */
function shanghaiDate(ms: number): { day: number; year: number; month: number; date: number } {
  const shifted = new Date(ms + SHANGHAI_OFFSET);
  return {
    day: Math.floor((ms + SHANGHAI_OFFSET) / DAY),
    year: shifted.getUTCFullYear(),
    month: shifted.getUTCMonth() + 1,
    date: shifted.getUTCDate(),
  };
}

/** The calendar day (days since the epoch) of a time in China time: equal numbers, same day. */
export function chinaDay(ms: number): number {
  return shanghaiDate(ms).day;
}

/**
 * SPEC §9 feed time: relative (刚刚, N分钟前, N小时前) under 23 hours or while still the same
 * calendar day, then 昨天, 前天, MM-DD within the same year, else YYYY-MM-DD. Calendar days are
 * China time (Asia/Shanghai) whatever the viewer's or server's zone, so server-rendered and
 * hydrated pages agree. A non-finite argument gives "".
 */
export function formatFeedTime(timestampMs: number, nowMs: number): string {
  const elapsed = nowMs - timestampMs;
  if (!Number.isFinite(elapsed)) return '';
  const then = shanghaiDate(timestampMs);
  const now = shanghaiDate(nowMs);
  if (elapsed < FEED_RELATIVE_LIMIT || then.day === now.day) return recent(elapsed);
  const days = now.day - then.day;
  if (days === 1) return '昨天';
  if (days === 2) return '前天';
  const monthDay = `${pad2(then.month)}-${pad2(then.date)}`;
  return then.year === now.year ? monthDay : `${then.year}-${monthDay}`;
}

/** YYYY-MM-DD of a time in China time (e.g. a membership's last day); "" when not finite. */
export function formatChinaDate(timestampMs: number): string {
  if (!Number.isFinite(timestampMs)) return '';
  const { year, month, date } = shanghaiDate(timestampMs);
  return `${year}-${pad2(month)}-${pad2(date)}`;
}
