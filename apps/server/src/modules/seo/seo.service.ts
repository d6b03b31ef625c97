import type { Kysely } from 'kysely';
import type { Database } from '@melon/db/database';
import { toSeconds } from '@melon/shared/format/timestamp';
import type { SeoLink, SeoLinkBlocks, SeoLinkList } from '@melon/shared/contracts/seo';
import { authorPath, channelPagePath, videoPath } from '@melon/shared/site-paths';
import { listTrending } from '../plays/trending.repository.ts';
import { seoMessages as t } from './seo.messages.ts';
import {
  listChannelPages,
  listedTitles,
  listHotAuthors,
  listMostPlayed,
  listVoteLinks,
} from './seo.repository.ts';

/** Links in each block of otherv2/links. */
const BLOCK_SIZE = 12;

export interface SeoServiceDeps {
  db: Kysely<Database>;
  now?: () => number;
}

const videoLink = (id: string, title: string): SeoLink => ({ id, title, url: videoPath(id) });

export function createSeoService(deps: SeoServiceDeps) {
  const { db } = deps;
  const now = deps.now ?? (() => Date.now());

  /** The videos trending now, then the most played to fill the list. */
  async function hotSpotLinks(count: number, at: number): Promise<SeoLink[]> {
    const trending = await listTrending(db, { now: at, limit: count });
    const titles = await listedTitles(
      db,
      trending.map((entry) => entry.item_id),
    );
    const links = trending.flatMap((entry) => {
      const title = titles.get(entry.item_id);
      return title === undefined ? [] : [videoLink(entry.item_id, title)];
    });
    if (links.length < count) {
      const taken = new Set(links.map((link) => link.id));
      const most = await listMostPlayed(db, count);
      for (const row of most) {
        if (links.length < count && !taken.has(row.id)) links.push(videoLink(row.id, row.title));
      }
    }
    return links;
  }

  async function hotAuthorLinks(count: number, at: number): Promise<SeoLink[]> {
    const rows = await listHotAuthors(db, { now: at, limit: count });
    return rows.map((row) => ({ id: row.id, title: row.name, url: authorPath(row.id) }));
  }

  async function voteLinks(count: number): Promise<SeoLink[]> {
    const rows = await listVoteLinks(db, count);
    return rows.map((row) => ({ id: row.id, title: row.title, url: videoPath(row.item_id) }));
  }

  async function channelLinks(): Promise<SeoLink[]> {
    const rows = await listChannelPages(db);
    return rows.map((row) => ({
      id: String(row.id),
      title: row.name,
      url: channelPagePath(String(row.id), row.pinyin),
    }));
  }

  const listOf = async (load: (at: number) => Promise<SeoLink[]>): Promise<SeoLinkList> => {
    const at = now();
    return { list: await load(at), update_time: toSeconds(at) };
  };

  return {
    hotSpots: (count: number) => listOf((at) => hotSpotLinks(count, at)),
    hotAuthors: (count: number) => listOf((at) => hotAuthorLinks(count, at)),
    voteLinks: (count: number) => listOf(() => voteLinks(count)),

    /** Every block, in the order the page shows them; empty blocks are left out. */
    async blocks(): Promise<SeoLinkBlocks> {
      const at = now();
      const [hotSpots, hotAuthors, votes, channels] = await Promise.all([
        hotSpotLinks(BLOCK_SIZE, at),
        hotAuthorLinks(BLOCK_SIZE, at),
        voteLinks(BLOCK_SIZE),
        channelLinks(),
      ]);
      const blocks = [
        { key: 'hot_spots', title: t.hotSpots, list: hotSpots },
        { key: 'hot_authors', title: t.hotAuthors, list: hotAuthors },
        { key: 'vote_links', title: t.voteLinks, list: votes },
        { key: 'channels', title: t.channels, list: channels },
      ] as const;
      return {
        blocks: blocks.filter((block) => block.list.length > 0),
        update_time: toSeconds(at),
      };
    },
  };
}
