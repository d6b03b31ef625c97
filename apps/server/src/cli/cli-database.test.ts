import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTestApp } from '../testing/test-app.ts';
import { withCliDatabase } from './cli-database.ts';

/* How every `melon` command opens its database: the one it is handed, or the settings'. */

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('withCliDatabase', () => {
  it('works on the database it is handed and leaves it open', async () => {
    const t = await createTestApp();
    try {
      const code = await withCliDatabase({ err: () => undefined, db: t.db }, (db) => {
        expect(db).toBe(t.db);
        return Promise.resolve(7);
      });
      expect(code).toBe(7);
      expect(await t.db.selectFrom('channels').select('id').execute()).not.toHaveLength(0);
    } finally {
      await t.close();
    }
  });

  it('opens, migrates and closes the settings’ database', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'melon-cli-'));
    vi.stubEnv('MELON_DATA_DIR', dataDir);
    vi.stubEnv('DATABASE_URL', '');
    try {
      const channels = await withCliDatabase({ err: () => undefined }, async (db) => {
        const rows = await db.selectFrom('channels').select('id').execute();
        return rows.length;
      });
      expect(channels).toBeGreaterThan(0);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('answers a bad setting with its reason and exit code 1, running nothing', async () => {
    vi.stubEnv('HOST', ' ');
    const errors: string[] = [];
    const work = vi.fn(() => Promise.resolve(0));
    const code = await withCliDatabase({ err: (line) => errors.push(line) }, work);
    expect(code).toBe(1);
    expect(errors).toEqual(['melon: HOST must not be empty']);
    expect(work).not.toHaveBeenCalled();
  });
});
