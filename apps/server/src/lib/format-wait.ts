/** A wait in seconds in Chinese, rounded up to the unit that reads naturally: 42 秒, 3 分钟, 5 小时. */
export function formatWait(seconds: number): string {
  const s = Math.max(1, Math.ceil(seconds));
  if (s <= 60) return `${s} 秒`;
  if (s < 3600) return `${Math.ceil(s / 60)} 分钟`;
  return `${Math.ceil(s / 3600)} 小时`;
}
