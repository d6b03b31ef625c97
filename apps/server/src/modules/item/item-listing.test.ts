import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ItemMediaState } from '@melon/db/tables/media';
import { Visibility } from '@melon/db/enums';
import type { OpenedDatabase } from '@melon/db/open-database';
import { createTestDatabase } from '@melon/db/testing';
import { createIdGenerator } from '@melon/shared/ids/id';
import { ensureDefaultChannels } from '../channel/ensure-default-channels.ts';
import { createUser } from '../../testing/factories.ts';
import { createItemIn } from '../../testing/item-factory.ts';
import { listableItems, notDeleted } from './item-listing.ts';
import { canView, isDeleted, LISTED_IN, type ListingPlace } from './item.policy.ts';
import { findItem, type ItemRow } from './item.repository.ts';

const newId = createIdGenerator();
const MEDIA: (ItemMediaState | undefined)[] = [undefined, 'ready', 'processing', 'failed'];
const PLACES: ListingPlace[] = ['link', 'homepage', 'feed', 'search'];

let database: OpenedDatabase;
let author: string;
let stranger: string;
/** One item of the author at every visibility level in every media state. */
let items: ItemRow[];
beforeAll(async () => {
  database = await createTestDatabase();
  await ensureDefaultChannels(database.db);
  author = await createUser(database.db, newId);
  stranger = await createUser(database.db, newId);
  items = [];
  for (const visibility of Object.values(Visibility)) {
    for (const media of MEDIA) {
      const id = await createItemIn(database.db, newId, author, { visibility, media });
      const item = await findItem(database.db, id);
      if (!item) throw new Error(`no item ${id}`);
      items.push(item);
    }
  }
});
afterAll(() => database.close());

const ids = (rows: readonly { id: string }[]) => rows.map((row) => row.id).sort();

describe('listableItems', () => {
  const viewers = () => [
    { name: 'its author', id: author },
    { name: 'another user', id: stranger },
    { name: 'a visitor', id: null },
  ];

  it.each(PLACES)('lists in %s what the item policy lets each viewer see', async (place) => {
    for (const viewer of viewers()) {
      const rows = await listableItems(database.db, viewer.id, place)
        .select('i.id')
        .where('i.user_id', '=', author)
        .execute();
      // The author's own items unless deleted; anyone else's when listed there and viewable.
      const expected = items.filter((item) =>
        viewer.id === author
          ? !isDeleted(item)
          : LISTED_IN[place].includes(item.visibility) && canView(item, null),
      );
      expect(ids(rows), `${viewer.name} in ${place}`).toEqual(ids(expected));
    }
  });
});

describe('notDeleted', () => {
  it('keeps every item but the deleted ones', async () => {
    const rows = await database.db
      .selectFrom('items as i')
      .select('i.id')
      .where('i.user_id', '=', author)
      .where(notDeleted)
      .execute();
    expect(ids(rows)).toEqual(ids(items.filter((item) => !isDeleted(item))));
  });

  it('is the only "not deleted" filter: no module writes its own', () => {
    const modules = join(import.meta.dirname, '..');
    const ownFilter = /['"][\w.]*visibility['"]\s*,\s*['"][^'"]+['"]\s*,\s*Visibility\.Delete/;
    const copies = readdirSync(modules, { recursive: true, encoding: 'utf8' })
      .filter((file) => /\.ts$/.test(file) && !/\.test\.ts$/.test(file))
      .filter((file) => !file.startsWith('item/'))
      .filter((file) => ownFilter.test(readFileSync(join(modules, file), 'utf8')));
    expect(copies).toEqual([]);
  });
});
