import path from 'node:path';

/**
 * The repository's `fixtures/` folder: real-world files that no one on the project wrote, with
 * their origin and licence in fixtures/README.md. Tests, benchmarks and scripts of every
 * workspace find them here, so a fresh clone needs nothing beside it.
 */
export const FIXTURES_ROOT = path.resolve(import.meta.dirname, '../../../../fixtures');

/** A file under `fixtures/`, e.g. `fixturePath('danmaku', 'comment.xml')`; read only. */
export function fixturePath(...segments: string[]): string {
  return path.join(FIXTURES_ROOT, ...segments);
}
