import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OpenedDatabase } from '@melon/db/open-database';
import { createTestDatabase } from '@melon/db/testing';
import { runCliCommand } from '../testing/cli-command.ts';
import { runSearchBlock } from './search-block.ts';

/*
 * `melon search block add|remove|list` on a real database: words kept in their compared form,
 * each once; removing one not blocked fails; bad usages refused, changing nothing.
 */

let database: OpenedDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

const run = (...args: string[]) => runCliCommand(runSearchBlock, database.db, args);
const stored = () =>
  database.db.selectFrom('search_blocklist').select('word').orderBy('word').execute();

describe('melon search block', () => {
  it('adds words in their compared form, once each, lists them and removes them', async () => {
    expect(await run('add', '翻 牆')).toEqual({
      code: 0,
      out: ['melon: 翻墙 is now blocked'],
      err: [],
    });
    expect((await run('add', 'ＶＰＮ')).out).toEqual(['melon: vpn is now blocked']);
    expect(await run('add', '翻墙')).toEqual({
      code: 0,
      out: ['melon: 翻墙 was blocked already'],
      err: [],
    });

    const listed = await run('list');
    expect(listed.code).toBe(0);
    expect(listed.out).toEqual([
      expect.stringMatching(/^vpn {2}blocked \d{4}-\d\d-\d\d \d\d:\d\d UTC$/) as string,
      expect.stringMatching(/^翻墙 {2}blocked /) as string,
    ]);
    expect(listed.err).toEqual(['melon: 2 blocked word(s)']);

    expect(await run('remove', 'VPN')).toEqual({
      code: 0,
      out: ['melon: vpn is no longer blocked'],
      err: [],
    });
    expect(await run('remove', 'vpn')).toEqual({
      code: 1,
      out: [],
      err: ['melon: vpn was not blocked'],
    });
    expect(await stored()).toEqual([{ word: '翻墙' }]);
  });

  it.each([
    ['nothing', []],
    ['an unknown command', ['clear']],
    ['add without a word', ['add']],
    ['add with two words', ['add', '翻墙', '教程']],
    ['a word of spaces', ['add', '   ']],
    ['an oversize word', ['add', '瓜'.repeat(51)]],
    ['a word with a control character', ['add', '翻\u0007墙']],
    ['a word on two lines', ['add', '翻\n墙']],
    ['a word with a zero-width character', ['add', '翻\u200b墙']],
    ['remove without a word', ['remove']],
    ['list with an argument', ['list', '翻墙']],
  ])('refuses %s with exit code 2 and the usage, changing nothing', async (_name, args) => {
    const before = await stored();
    const answer = await run(...args);
    expect(answer.code).toBe(2);
    expect(answer.out).toEqual([]);
    expect(answer.err[0]).toMatch(/^usage: melon search block add <word>/);
    expect(await stored()).toEqual(before);
  });
});
