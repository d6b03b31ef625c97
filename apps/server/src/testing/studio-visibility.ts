import { expect } from 'vitest';
import type { Visibility } from '@melon/db/enums';
import { editStudioVideo } from '@melon/shared/calls/studio.calls';
import { injectCall } from './inject-call.ts';
import type { TestApp } from './test-app.ts';

/**
 * The author sets the item's visibility in the studio, its other fields kept: as every hiding
 * does, the studio announces on item-access who may no longer see it.
 */
export async function setVisibilityInStudio(
  t: TestApp,
  authorId: string,
  itemId: string,
  visibility: Visibility,
): Promise<void> {
  const item = await t.db
    .selectFrom('items')
    .select(['title', 'abstract', 'channel_id'])
    .where('id', '=', itemId)
    .executeTakeFirstOrThrow();
  const edited = await injectCall(t.app, editStudioVideo, {
    headers: (await t.signedIn(authorId)).headers,
    payload: { ...item, item_id: itemId, tags: [], visibility, opening_ms: null, ending_ms: null },
  });
  expect(edited.statusCode, edited.body).toBe(200);
}
