import type { Kysely } from 'kysely';
import type { Database } from '@melon/db/database';
import { TORT_LINKS_MAX_COUNT, type TortItemLine } from '@melon/shared/contracts/tort';
import { itemIdOfLink, tortLinkLines } from '@melon/shared/tort/tort-links';
import { invalid } from '../../lib/domain-error.ts';
import { coverUrl } from '../../storage/media-url.ts';
import { findViewableItem } from '../item/item.service.ts';
import { tortMessages as t } from './tort.messages.ts';
import { findItemCards } from './tort.repository.ts';

/** A line of the links box: the video it names, or why it names none. */
type LineVerdict = { itemId: string } | { error: string };

/**
 * Which video a line names for the claimant, through the item policy: a hidden video is
 * answered as an unknown one, as everywhere; their own cannot be claimed.
 */
async function judgeLine(
  db: Kysely<Database>,
  line: string,
  claimantId: string,
): Promise<LineVerdict> {
  const id = itemIdOfLink(line);
  if (id === undefined) return { error: t.linkMalformed };
  const item = await findViewableItem(db, id, claimantId);
  if (!item) return { error: t.linkUnknown };
  if (item.user_id === claimantId) return { error: t.linkOwn };
  return { itemId: item.id };
}

/** Every non-empty line of the box with its verdict; too many lines are refused. */
async function judgeLines(db: Kysely<Database>, text: string, claimantId: string) {
  const lines = tortLinkLines(text);
  if (lines.length > TORT_LINKS_MAX_COUNT) throw invalid(t.linksCount, 'links');
  return Promise.all(
    lines.map(async (line) => ({ line, verdict: await judgeLine(db, line, claimantId) })),
  );
}

/** The links box for the page: each line with the video it names (title, author, cover). */
export async function resolveLines(
  db: Kysely<Database>,
  text: string,
  claimantId: string,
): Promise<TortItemLine[]> {
  const judged = await judgeLines(db, text, claimantId);
  const ids = judged.flatMap(({ verdict }) => ('itemId' in verdict ? [verdict.itemId] : []));
  const cards = new Map((await findItemCards(db, ids)).map((card) => [card.id, card]));
  return judged.map(({ line, verdict }) => {
    const card = 'itemId' in verdict ? cards.get(verdict.itemId) : undefined;
    if (!card) {
      return { link: line, item: null, error: 'error' in verdict ? verdict.error : t.linkUnknown };
    }
    return {
      link: line,
      item: {
        group_id: card.id,
        title: card.title,
        author_name: card.author_name,
        cover_url: coverUrl(card),
      },
      error: null,
    };
  });
}

/**
 * The videos a claim names, once each in the order given, with their titles; the first line
 * naming none refuses the claim with its line number.
 */
export async function claimedItems(
  db: Kysely<Database>,
  text: string,
  claimantId: string,
): Promise<{ id: string; title: string }[]> {
  const judged = await judgeLines(db, text, claimantId);
  if (judged.length === 0) throw invalid(t.linksMissing, 'links');
  const ids: string[] = [];
  for (const [index, { verdict }] of judged.entries()) {
    if ('error' in verdict) throw invalid(t.lineProblem(index + 1, verdict.error), 'links');
    if (!ids.includes(verdict.itemId)) ids.push(verdict.itemId);
  }
  const titles = new Map((await findItemCards(db, ids)).map((card) => [card.id, card.title]));
  return ids.map((id) => ({ id, title: titles.get(id) ?? '' }));
}
