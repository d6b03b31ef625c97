import { useEffect, useState } from 'react';

/** Relative times ("3分钟前") are refreshed this often. */
const CLOCK_MS = 60_000;

/** The time now, updated every minute. */
export function useMinuteClock(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => {
      setNow(Date.now());
    }, CLOCK_MS);
    return () => {
      clearInterval(timer);
    };
  }, []);
  return now;
}
