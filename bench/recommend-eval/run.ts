/**
 * bench/recommend-eval: the recommender's offline evaluation (issue 13, decision 037).
 *   node bench/recommend-eval/run.ts [--users 3000] [--items 8000] [--held-out 400]
 * On generated viewing histories with planted structure (`bench/recommend/world.ts`: taste
 * clusters over tag groups and authors, co-watched stories, follows), the last 5 views of
 * `--held-out` users are kept out of the database. Each of those users' first recommend page
 * (10 cards, the real service on SQLite) is scored by nDCG@10 against their held-out views,
 * beside "most viewed" (the most played items they have not watched). Writes
 * docs/BENCHMARKS.md.
 */
import type { Kysely } from 'kysely';
import type { Database } from '@melon/db/database';
import { createTestDatabase } from '@melon/db/testing';
import { ensureDefaultChannels } from '../../apps/server/src/modules/channel/ensure-default-channels.ts';
import { FEED_ITEM_TYPES } from '../../apps/server/src/modules/feed/feed.repository.ts';
import { createRecommendService } from '../../apps/server/src/modules/recommend/recommend.service.ts';
import { numberOption } from '../cli-options.ts';
import { writeBenchmarkSection } from '../report.ts';
import { generateWorld } from '../recommend/world.ts';

const users = numberOption('users', 3000);
const items = numberOption('items', 8000);
const heldOutUsers = numberOption('held-out', 400);
const HELD_OUT_VIEWS = 5;
const K = 10;

/** nDCG@K of a ranked list against a set of relevant items (binary relevance). */
function ndcgAt(ranked: readonly string[], relevant: ReadonlySet<string>): number {
  const gain = (i: number) => 1 / Math.log2(i + 2);
  const dcg = ranked.slice(0, K).reduce((sum, id, i) => sum + (relevant.has(id) ? gain(i) : 0), 0);
  const ideal = Array.from({ length: Math.min(K, relevant.size) }, (_, i) => gain(i));
  const idcg = ideal.reduce((a, b) => a + b, 0);
  return idcg === 0 ? 0 : dcg / idcg;
}

const hits = (ranked: readonly string[], relevant: ReadonlySet<string>) =>
  ranked.slice(0, K).filter((id) => relevant.has(id)).length;

async function mostPlayed(db: Kysely<Database>, limit: number): Promise<string[]> {
  const rows = await db
    .selectFrom('items')
    .select('id')
    .orderBy('play_count', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((row) => row.id);
}

process.env.MELON_TEST_DIALECT = 'sqlite';
const opened = await createTestDatabase();
try {
  const { db } = opened;
  await ensureDefaultChannels(db);
  const now = Date.now();
  console.log(`generating ${users} users × ${items} items, ${heldOutUsers} held out…`);
  const world = await generateWorld(
    db,
    { users, items, authors: Math.floor(users / 5), clusters: 20, viewsPerUser: 40, follows: 5 },
    { seed: 2026, nowMs: now, holdOut: { users: heldOutUsers, views: HELD_OUT_VIEWS } },
  );
  const recommend = createRecommendService({ db, now: () => now });
  const popular = await mostPlayed(db, 2000);
  const scores = { melon: [] as number[], popular: [] as number[], melonHits: 0, popularHits: 0 };
  for (const [userId, heldOut] of world.heldOut) {
    const relevant = new Set(heldOut);
    const watched = new Set((world.views.get(userId) ?? []).map((view) => view.itemId));
    const { ids } = await recommend.feedPage({
      viewerId: userId,
      itemTypes: FEED_ITEM_TYPES,
      offset: 0,
      count: K,
    });
    const baseline = popular.filter((id) => !watched.has(id)).slice(0, K);
    scores.melon.push(ndcgAt(ids, relevant));
    scores.popular.push(ndcgAt(baseline, relevant));
    scores.melonHits += hits(ids, relevant);
    scores.popularHits += hits(baseline, relevant);
  }
  const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / (values.length || 1);
  const melon = mean(scores.melon);
  const baseline = mean(scores.popular);
  const body = [
    `\`npm run eval:recommend\` (${new Date().toISOString().slice(0, 10)}): ${users} users × ` +
      `${items} items in 20 taste clusters (tag groups, favourite authors, co-watched stories of ` +
      `6 videos; \`bench/recommend/world.ts\`, seed 2026), 40 views per user; the last ` +
      `${HELD_OUT_VIEWS} views of ${world.heldOut.size} users held out of the database. Each ` +
      `user's first recommend page (${K} cards, the real service on SQLite) against "most ` +
      'viewed" (the most played items the user has not watched).',
    '',
    `| method | nDCG@${K} | held-out views found in the top ${K} |`,
    '| --- | --- | --- |',
    `| Melon recommend | **${melon.toFixed(3)}** | ${scores.melonHits} of ${world.heldOut.size * HELD_OUT_VIEWS} |`,
    `| most viewed | ${baseline.toFixed(3)} | ${scores.popularHits} of ${world.heldOut.size * HELD_OUT_VIEWS} |`,
    '',
    `Ratio: ${(baseline > 0 ? melon / baseline : Infinity).toFixed(1)}× the baseline's nDCG@${K}.`,
  ].join('\n');
  console.log(body);
  await writeBenchmarkSection(
    'recommend-eval',
    'Recommendation offline evaluation (issue 13)',
    body,
  );
} finally {
  await opened.close();
}
