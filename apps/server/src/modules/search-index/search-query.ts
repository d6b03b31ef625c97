import {
  sql,
  type Expression,
  type ExpressionBuilder,
  type Kysely,
  type RawBuilder,
  type SqlBool,
} from 'kysely';
import type { Database } from '@melon/db/database';
import { ItemType } from '@melon/db/enums';
import { HIDDEN_MEDIA_STATES, LISTED_IN } from '../item/item.policy.ts';
import { isPostgres } from './index-writes.ts';
import type { Alternative } from './query-plan.ts';
import { RANKING } from './ranking.ts';

/*
 * The search's SQL (decision 035): the engine matches (FTS5 on SQLite, the GIN-indexed tsvector
 * on PostgreSQL) and everything else is the same SQL on both: the item policy's listing filter,
 * the kind, length and age filters, BM25 over the index's own term counts blended with
 * popularity and freshness, and ties broken by id, so both engines give the same pages. An item
 * match is read from its document alone, which carries a copy of the item's visibility, media
 * state, type, length, publish time and counts (decision 071): no join per match.
 */

export type SearchKind = 'all' | 'svideo' | 'lvideo' | 'series' | 'pseries' | 'user';
export type DurationFilter = 'all' | 'short' | 'medium' | 'long' | 'xlong';
export type PublishedWithin = 'all' | 'day' | 'week' | 'month' | 'halfyear';

const MINUTE = 60_000;
const DAY = 86_400_000;
/** Item kinds search lists: videos, albums, series and pseries (episodes show through albums). */
const SEARCHED_ITEM_TYPES: ItemType[] = [
  ItemType.ShortVideo,
  ItemType.Album,
  ItemType.Series,
  ItemType.PSeries,
];

/** Shorter than this, an uploaded video is a short video (svideo); longer, a long one. */
export const SHORT_VIDEO_MAX_MS = 5 * MINUTE;

const DURATIONS: Record<Exclude<DurationFilter, 'all'>, [number, number]> = {
  short: [0, 10 * MINUTE],
  medium: [10 * MINUTE, 30 * MINUTE],
  long: [30 * MINUTE, 60 * MINUTE],
  xlong: [60 * MINUTE, Number.MAX_SAFE_INTEGER],
};

const AGES: Record<Exclude<PublishedWithin, 'all'>, number> = {
  day: DAY,
  week: 7 * DAY,
  month: 30 * DAY,
  halfyear: 182 * DAY,
};

export interface MatchQuery {
  groups: Alternative[][];
  /** Document frequency of each token. */
  df: Map<string, number>;
  docs: number;
  avgTokens: number;
}

export interface FilterQuery {
  kind: SearchKind;
  durationFilter: DurationFilter;
  publishedWithin: PublishedWithin;
  now: number;
}

/** A number bound as a double on both engines (PostgreSQL would guess an integer). */
const num = (db: Kysely<Database>, value: number): RawBuilder<number> =>
  isPostgres(db) ? sql<number>`cast(${value} as double precision)` : sql<number>`${value}`;

/**
 * The documents of one kind that the engine matches: every group (AND) by any of its tokens
 * (OR). On SQLite the match must drive the query (rowids from FTS5, each looked up by primary
 * key): the kind is compared as `+d.kind`, which keeps the planner off the (kind, ref_id) index
 * — through it, every query walked all the kind's documents and tested each against the match
 * (a 77-match query took as long as scanning 100 000 rows). On PostgreSQL each kind has its own
 * GIN index (`where kind = '<kind>'`), which the kind written as a literal selects.
 */
function matches(
  db: Kysely<Database>,
  kind: 'item' | 'user',
  groups: Alternative[][],
): RawBuilder<SqlBool> {
  if (isPostgres(db)) {
    const query = groups
      .map((group) => `(${group.map((a) => `'${a.token}'`).join(' | ')})`)
      .join(' & ');
    return sql<SqlBool>`d.kind = ${sql.lit(kind)} and d.vec @@ cast(${query} as tsquery)`;
  }
  const query = groups
    .map((group) => `(${group.map((a) => `"${a.token}"`).join(' OR ')})`)
    .join(' AND ');
  return sql<SqlBool>`+d.kind = ${kind} and d.doc_no in (select rowid from search_fts where search_fts match ${query})`;
}

/** Whether a token column (spaces at both ends) holds the token. */
function holds(db: Kysely<Database>, column: 'tokens' | 'title_tokens', token: string) {
  const needle = ` ${token} `;
  return isPostgres(db)
    ? sql<boolean>`strpos(d.${sql.ref(column)}, ${needle}) > 0`
    : sql<boolean>`instr(d.${sql.ref(column)}, ${needle}) > 0`;
}

/** BM25's inverse document frequency (never below zero). */
const idf = (df: number, docs: number): number => Math.log(1 + (docs - df + 0.5) / (df + 0.5));

/**
 * The text score: for each group, its best-matching token's weight × idf, more in the title;
 * all times BM25's length factor for a token present once (k1, b).
 */
function textScore(db: Kysely<Database>, match: MatchQuery): RawBuilder<number> {
  const { k1, b, titleBoost } = RANKING;
  const groups = match.groups.map((group) => {
    const branches = group
      .flatMap((alt) => {
        const value = alt.weight * idf(match.df.get(alt.token) ?? 0, match.docs);
        return [
          { column: 'title_tokens' as const, token: alt.token, value: value * titleBoost },
          { column: 'tokens' as const, token: alt.token, value },
        ];
      })
      .sort((x, y) => y.value - x.value);
    // Every match holds one of the group's tokens: when no better branch holds, the last does,
    // so it needs no test (a one-token group tests its title only).
    const last = branches.pop()?.value ?? 0;
    if (branches.length === 0) return num(db, last);
    const whens = branches.map(
      (branch) => sql`when ${holds(db, branch.column, branch.token)} then ${num(db, branch.value)}`,
    );
    return sql<number>`(case ${sql.join(whens, sql` `)} else ${num(db, last)} end)`;
  });
  const sum = sql.join(groups, sql` + `);
  const lengthFactor = sql<number>`(${num(db, k1 + 1)} / (${num(db, 1)} + ${num(db, k1)} * (${num(db, 1 - b)} + ${num(db, b)} * d.token_count / ${num(db, Math.max(match.avgTokens, 1))})))`;
  return sql<number>`((${sum}) * ${lengthFactor})`;
}

/** log-scaled plays, likes and favourites, 0 to 1. */
function itemPopularity(db: Kysely<Database>): RawBuilder<number> {
  const { likeWeight, favoriteWeight, popularityCeiling } = RANKING;
  const raw = sql<number>`ln(${num(db, 1)} + d.play_count + ${num(db, likeWeight)} * d.digg_count + ${num(db, favoriteWeight)} * d.favorite_count) / ${num(db, Math.log(1 + popularityCeiling))}`;
  return atMostOne(db, raw);
}

/** The value, or 1 when larger (min on SQLite, least on PostgreSQL: one evaluation). */
const atMostOne = (db: Kysely<Database>, value: RawBuilder<number>): RawBuilder<number> =>
  isPostgres(db)
    ? sql<number>`least(${value}, ${num(db, 1)})`
    : sql<number>`min(${value}, ${num(db, 1)})`;

/** 1 when just published, halving every `freshnessHalfLifeDays`. */
function itemFreshness(db: Kysely<Database>, now: number): RawBuilder<number> {
  const rate = Math.LN2 / (RANKING.freshnessHalfLifeDays * DAY);
  return sql<number>`exp(${num(db, -rate)} * (case when d.publish_time > ${now} then 0 else ${now} - d.publish_time end))`;
}

function userPopularity(db: Kysely<Database>): RawBuilder<number> {
  const raw = sql<number>`ln(${num(db, 1)} + u.followers_count) / ${num(db, Math.log(1 + RANKING.popularityCeiling))}`;
  return atMostOne(db, raw);
}

type DocsEb = ExpressionBuilder<Database & { d: Database['search_docs'] }, 'd'>;

/**
 * The item policy's `listedIn(eb, 'search')` over the document's copy of the item: a level
 * listed in search, and no media row in a hidden state.
 */
function listedInSearch(eb: DocsEb): Expression<SqlBool> {
  return eb.and([
    eb('d.visibility', 'in', LISTED_IN.search),
    eb.or([eb('d.media_state', 'is', null), eb('d.media_state', 'not in', HIDDEN_MEDIA_STATES)]),
  ]);
}

/** The item types and length conditions of each search tab. */
function kindFilter(eb: DocsEb, kind: SearchKind): Expression<SqlBool> {
  switch (kind) {
    case 'svideo':
      return eb.and([
        eb('d.item_type', '=', ItemType.ShortVideo),
        eb('d.duration_ms', '<', SHORT_VIDEO_MAX_MS),
      ]);
    case 'lvideo':
      return eb.or([
        eb('d.item_type', '=', ItemType.Album),
        eb.and([
          eb('d.item_type', '=', ItemType.ShortVideo),
          eb('d.duration_ms', '>=', SHORT_VIDEO_MAX_MS),
        ]),
      ]);
    case 'series':
      return eb('d.item_type', '=', ItemType.Series);
    case 'pseries':
      return eb('d.item_type', '=', ItemType.PSeries);
    case 'all':
    case 'user':
      return eb('d.item_type', 'in', SEARCHED_ITEM_TYPES);
  }
}

function itemsQuery(db: Kysely<Database>, match: MatchQuery, filter: FilterQuery) {
  let query = db
    .selectFrom('search_docs as d')
    .where(matches(db, 'item', match.groups))
    .where(listedInSearch)
    .where((eb) => kindFilter(eb, filter.kind));
  if (filter.durationFilter !== 'all') {
    const [from, to] = DURATIONS[filter.durationFilter];
    query = query.where('d.duration_ms', '>=', from).where('d.duration_ms', '<', to);
  }
  if (filter.publishedWithin !== 'all') {
    query = query.where('d.publish_time', '>=', filter.now - AGES[filter.publishedWithin]);
  }
  return query;
}

function usersQuery(db: Kysely<Database>, match: MatchQuery) {
  return db
    .selectFrom('search_docs as d')
    .innerJoin('users as u', 'u.id', 'd.ref_id')
    .where(matches(db, 'user', match.groups));
}

export interface PageQuery {
  sort: 'relevance' | 'newest';
  offset: number;
  limit: number;
}

export interface ScoredRow {
  id: string;
  text: number;
  popularity: number;
  freshness: number;
  score: number;
  /** How many documents match in all (the same on every row of the page). */
  total: number;
}

/** How many documents match, after the policy and the filters. */
export async function countMatches(
  db: Kysely<Database>,
  match: MatchQuery,
  filter: FilterQuery,
): Promise<number> {
  const row =
    filter.kind === 'user'
      ? await usersQuery(db, match)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      : await itemsQuery(db, match, filter)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow();
  return row.n;
}

/** One page of matches, scored, in the requested order (ties by id), with their total. */
export async function pageOfMatches(
  db: Kysely<Database>,
  match: MatchQuery,
  filter: FilterQuery,
  page: PageQuery,
): Promise<ScoredRow[]> {
  return pageQuery(db, match, filter, page).execute();
}

/** The query of `pageOfMatches`, unexecuted (its plan is tested). */
export function pageQuery(
  db: Kysely<Database>,
  match: MatchQuery,
  filter: FilterQuery,
  page: PageQuery,
) {
  const { popularityWeight, freshnessWeight } = RANKING;
  const inner =
    filter.kind === 'user'
      ? usersQuery(db, match).select([
          'u.id as id',
          'u.created_at as newest',
          textScore(db, match).as('text'),
          userPopularity(db).as('popularity'),
          num(db, 0).as('freshness'),
        ])
      : itemsQuery(db, match, filter).select([
          'd.ref_id as id',
          'd.publish_time as newest',
          textScore(db, match).as('text'),
          itemPopularity(db).as('popularity'),
          itemFreshness(db, filter.now).as('freshness'),
        ]);
  const score = sql<number>`h.text * (${num(db, 1)} + ${num(db, popularityWeight)} * h.popularity + ${num(db, freshnessWeight)} * h.freshness)`;
  // PostgreSQL would merge the inner query into this one and carry each match's columns (its
  // title tokens among them) through the window count, which then spills to disk; `offset 0`
  // keeps the inner query whole, so the count holds the five computed values. SQLite keeps a
  // subquery under a window function whole by itself.
  let query = db
    .selectFrom(inner.$if(isPostgres(db), (q) => q.offset(0)).as('h'))
    .select([
      'h.id',
      'h.text',
      'h.popularity',
      'h.freshness',
      score.as('score'),
      sql<number>`count(*) over ()`.as('total'),
    ]);
  query =
    page.sort === 'newest'
      ? query.orderBy('h.newest', 'desc').orderBy('h.id', 'desc')
      : query.orderBy('score', 'desc').orderBy('h.id', 'asc');
  return query.limit(page.limit).offset(page.offset);
}
