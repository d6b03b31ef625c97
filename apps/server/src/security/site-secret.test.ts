import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { OpenedDatabase } from '@melon/db/open-database';
import { createTestDatabase } from '@melon/db/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ensureSiteSecret, SiteSecretError } from './site-secret.ts';

let dataDir: string;
let database: OpenedDatabase;
beforeEach(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'melon-secret-'));
  database = await createTestDatabase();
});
afterEach(async () => {
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const secretFile = () => path.join(dataDir, 'site-secret.key');
const storedRows = () => database.db.selectFrom('shared_secrets').selectAll().execute();

async function refusal(run: () => Promise<unknown>): Promise<Error> {
  const thrown = await run().then(
    () => undefined,
    (error: unknown) => error,
  );
  expect(thrown).toBeInstanceOf(SiteSecretError);
  return thrown as Error;
}

describe('ensureSiteSecret', () => {
  it('makes a 32-byte secret on first start, stores it in the database and keeps it', async () => {
    const first = await ensureSiteSecret(database.db, { dataDir });
    expect(first.length).toBe(32);
    const rows = await storedRows();
    expect(rows.map(({ name, value }) => ({ name, value }))).toEqual([
      { name: 'site', value: first.toString('base64url') },
    ]);
    // Another process with a data dir of its own reads the same secret.
    const otherDir = mkdtempSync(path.join(tmpdir(), 'melon-secret-'));
    try {
      expect((await ensureSiteSecret(database.db, { dataDir: otherDir })).equals(first)).toBe(true);
    } finally {
      rmSync(otherDir, { recursive: true, force: true });
    }
  });

  it("brings over the data dir's secret of a site made before decision 040", async () => {
    const long = Buffer.alloc(48, 9);
    writeFileSync(secretFile(), `${long.toString('base64url')}\n`);
    expect((await ensureSiteSecret(database.db, { dataDir })).equals(long)).toBe(true);
    rmSync(secretFile());
    expect((await ensureSiteSecret(database.db, { dataDir })).equals(long)).toBe(true);
  });

  it('lets MELON_SITE_SECRET win, storing nothing', async () => {
    const stored = await ensureSiteSecret(database.db, { dataDir });
    const setting = Buffer.alloc(32, 5);
    const secret = await ensureSiteSecret(database.db, {
      dataDir,
      setting: setting.toString('base64url'),
    });
    expect(secret.equals(setting)).toBe(true);
    expect(await storedRows()).toEqual([
      expect.objectContaining({ value: stored.toString('base64url') }),
    ]);
  });

  it.each([
    ['empty', ''],
    ['only a line break', '\n'],
    ['cut short', Buffer.alloc(31, 7).toString('base64url')],
  ])('refuses to start on a secret file that is %s, naming the file', async (_, content) => {
    writeFileSync(secretFile(), content);
    const error = await refusal(() => ensureSiteSecret(database.db, { dataDir }));
    expect(error.message).toBe(
      `the site secret ${secretFile()} holds ${Buffer.from(content.trim(), 'base64url').length} bytes, ` +
        'at least 32 are needed: restore it from a backup, or remove it to make a new one ' +
        '(everyone is signed out)',
    );
    // The file is left as it was for the operator to look at, and nothing is stored.
    expect(readFileSync(secretFile(), 'utf8')).toBe(content);
    expect(await storedRows()).toEqual([]);
  });

  it('refuses a short MELON_SITE_SECRET and a short stored secret, naming them', async () => {
    const short = Buffer.alloc(16, 1).toString('base64url');
    expect(
      (await refusal(() => ensureSiteSecret(database.db, { dataDir, setting: short }))).message,
    ).toMatch(/^MELON_SITE_SECRET holds 16 bytes, at least 32 are needed/);
    await database.db
      .insertInto('shared_secrets')
      .values({ name: 'site', value: short, created_at: 1 })
      .execute();
    expect((await refusal(() => ensureSiteSecret(database.db, { dataDir }))).message).toMatch(
      /^the site secret in the database holds 16 bytes, at least 32 are needed/,
    );
  });
});
