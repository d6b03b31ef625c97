import path from 'node:path';

/*
 * The browser tests' demo sites: one per Playwright worker, each with a database, a data dir and
 * a port of its own, so that no two workers see each other's writes (decision 074). Worker N
 * (its parallel index, kept when Playwright restarts a worker after a failure) tests site N.
 */

const ROOT = path.resolve(import.meta.dirname, '../..');
/**
 * 3211 belongs to the test OpenID Connect provider (oidc-settings.ts). Three sites keep both
 * cores busy: the tests wait on playback and the network as much as they compute (decision 074).
 */
const PORTS = [3210, 3212, 3213] as const;

export interface E2eSite {
  port: number;
  origin: string;
  /** MELON_DATA_DIR of the site, relative to the repository's root (its working directory). */
  dataDir: string;
  /** The same, absolute. */
  dataPath: string;
}

export function e2eSite(index: number): E2eSite {
  const port = PORTS[index];
  if (port === undefined) throw new Error(`there is no e2e site ${String(index)}`);
  const dataDir = `.cache/e2e-data-${String(index)}`;
  return {
    port,
    origin: `http://127.0.0.1:${String(port)}`,
    dataDir,
    dataPath: path.join(ROOT, dataDir),
  };
}

/** The sites playwright.config.ts starts, one per worker. */
export const E2E_SITES: readonly E2eSite[] = PORTS.map((_, index) => e2eSite(index));

/** The site of the worker this code runs in (site 0 outside a worker, as in the config). */
export const currentSite = (): E2eSite => e2eSite(Number(process.env.TEST_PARALLEL_INDEX ?? 0));
