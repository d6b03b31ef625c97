import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ItemMediaState } from '@melon/db/tables/media';
import { Visibility } from '@melon/db/enums';
import type { OpenedDatabase } from '@melon/db/open-database';
import { createTestDatabase } from '@melon/db/testing';
import { createIdGenerator } from '@melon/shared/ids/id';
import { ensureDefaultChannels } from '../channel/ensure-default-channels.ts';
import { createUser } from '../../testing/factories.ts';
import { canView, LISTED_IN, type ListingPlace } from './item.policy.ts';
import { listedIn } from './item-listing.ts';
import { findItem } from './item.repository.ts';
import { findViewableItem } from './item.service.ts';
import { createItemIn } from '../../testing/item-factory.ts';

const newId = createIdGenerator();
const MEDIA: (ItemMediaState | undefined)[] = [undefined, 'ready', 'processing', 'failed'];

let database: OpenedDatabase;
let author: string;
/** One item of the author at every visibility level in every media state. */
let items: string[];
beforeAll(async () => {
  database = await createTestDatabase();
  await ensureDefaultChannels(database.db);
  author = await createUser(database.db, newId);
  items = [];
  for (const visibility of Object.values(Visibility)) {
    for (const media of MEDIA) {
      items.push(await createItemIn(database.db, newId, author, { visibility, media }));
    }
  }
});
afterAll(() => database.close());

describe('findItem', () => {
  it('answers what the policy reads, the kind and the length', async () => {
    const other = await createUser(database.db, newId);
    const plain = await createItemIn(database.db, newId, other, { visibility: Visibility.Self });
    expect(await findItem(database.db, plain)).toEqual({
      id: plain,
      user_id: other,
      visibility: Visibility.Self,
      media_state: null,
      item_type: 0,
      duration_ms: 61_500,
    });
    const uploading = await createItemIn(database.db, newId, other, { media: 'processing' });
    expect(await findItem(database.db, uploading)).toMatchObject({
      visibility: Visibility.All,
      media_state: 'processing',
    });
    expect(await findItem(database.db, newId())).toBeUndefined();
  });
});

describe('findViewableItem', () => {
  it('answers an unknown item and one hidden from the viewer alike', async () => {
    const stranger = await createUser(database.db, newId);
    for (const id of items) {
      const item = await findItem(database.db, id);
      if (!item) throw new Error(`no item ${id}`);
      for (const viewer of [author, stranger, null]) {
        const found = await findViewableItem(database.db, id, viewer);
        expect(found).toEqual(canView(item, viewer) ? item : undefined);
      }
    }
    expect(await findViewableItem(database.db, newId(), author)).toBeUndefined();
  });
});

describe('listedIn', () => {
  it.each(['link', 'homepage', 'feed', 'search'] as const)(
    'keeps for %s exactly the items the policy shows a visitor at those levels',
    async (place: ListingPlace) => {
      const rows = await database.db
        .selectFrom('items as i')
        .select('i.id')
        .where('i.user_id', '=', author)
        .where((eb) => listedIn(eb, place))
        .execute();
      const expected = [];
      for (const id of items) {
        const item = await findItem(database.db, id);
        if (!item) throw new Error(`no item ${id}`);
        if (LISTED_IN[place].includes(item.visibility) && canView(item, null)) {
          expected.push(id);
        }
      }
      expect(expected.length).toBeGreaterThan(0);
      expect(rows.map((row) => row.id).sort()).toEqual(expected.sort());
    },
  );
});
