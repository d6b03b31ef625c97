import { loadavg } from 'node:os';

/** The machine's one-minute load average, as the reports print it beside their figures. */
export const loadAverage = (): string => (loadavg()[0] ?? 0).toFixed(1);
