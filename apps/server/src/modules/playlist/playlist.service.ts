import type { Kysely } from 'kysely';
import type { Database } from '@melon/db/database';
import { inTransaction } from '@melon/db/in-transaction';
import { lockUser } from '@melon/db/lock-user';
import {
  type CreatePlaylistBody,
  type MyPlaylists,
  PLAYLIST_MAX_ITEMS,
  PLAYLIST_MAX_PER_USER,
  type PlaylistState,
  type UserPlaylists,
} from '@melon/shared/contracts/playlist';
import { conflict, forbidden, invalid, notFound } from '../../lib/domain-error.ts';
import { findAuthor } from '../author/author.repository.ts';
import { presentVideoListItem } from '../item/item-card.presenter.ts';
import type { ViewerId } from '../item/item.policy.ts';
import { findViewableItem } from '../item/item.service.ts';
import { mediaUrlOrEmpty } from '../../storage/media-url.ts';
import { playlistMessages as t } from './playlist.messages.ts';
import { presentPlaylist } from './playlist.presenter.ts';
import {
  appendPlaylistItem,
  countPlaylists,
  findPlaylist,
  findPlaylistOwner,
  insertPlaylist,
  listPlaylistEntries,
  listPlaylists,
  playlistsHolding,
  removePlaylistItem,
} from './playlist.repository.ts';

interface Deps {
  db: Kysely<Database>;
  newId: () => string;
}

/**
 * Playlists (decision 044): anyone reads a user's public ones, their owner all of them; only
 * the owner changes one, and only with videos they may see. Each change runs in one transaction
 * holding the owner's row, so the limits and the stored count stay exact.
 */
export function createPlaylistService({ db, newId }: Deps) {
  /** The playlist as the viewer sees it now, and whether it holds the item. */
  async function stateOf(playlistId: string, userId: string, itemId: string | undefined) {
    const row = await findPlaylist(db, playlistId, userId);
    if (!row) throw notFound(t.unknownPlaylist);
    const holding =
      itemId === undefined ? new Set<string>() : await playlistsHolding(db, userId, itemId);
    return { playlist: presentPlaylist(row), contains: holding.has(playlistId) };
  }

  /** Runs a change of the user's own playlist; another's is refused, an unknown one not found. */
  async function changeOwn(
    userId: string,
    playlistId: string,
    change: (
      trx: Kysely<Database>,
      playlist: { id: string; item_count: number },
    ) => Promise<unknown>,
  ) {
    await inTransaction(db, async (trx) => {
      await lockUser(trx, userId);
      const playlist = await findPlaylistOwner(trx, playlistId);
      if (!playlist) throw notFound(t.unknownPlaylist);
      if (playlist.user_id !== userId) throw forbidden(t.notOwner);
      await change(trx, playlist);
    });
  }

  async function addItem(
    trx: Kysely<Database>,
    playlist: { id: string; item_count: number },
    itemId: string,
  ) {
    if (playlist.item_count >= PLAYLIST_MAX_ITEMS) {
      throw conflict(t.playlistFull(PLAYLIST_MAX_ITEMS), 'playlist_id');
    }
    await appendPlaylistItem(trx, playlist, itemId, Date.now());
  }

  async function viewableItem(itemId: string, userId: string) {
    if (!(await findViewableItem(db, itemId, userId))) throw notFound(t.unknownVideo);
  }

  return {
    async ofUser(ownerId: string, viewerId: ViewerId, playlistId?: string): Promise<UserPlaylists> {
      const owner = await findAuthor(db, ownerId);
      if (!owner) throw notFound(t.unknownUser);
      const rows = await listPlaylists(db, ownerId, viewerId);
      let items: UserPlaylists['items'] = [];
      if (playlistId !== undefined) {
        if (!rows.some((row) => row.id === playlistId)) throw notFound(t.unknownPlaylist);
        items = (await listPlaylistEntries(db, playlistId, viewerId)).map(presentVideoListItem);
      }
      return {
        user_info: {
          user_id: owner.id,
          name: owner.name,
          avatar_url: mediaUrlOrEmpty(owner.avatar_url),
        },
        list: rows.map(presentPlaylist),
        items,
      };
    },

    async mine(userId: string, itemId: string | undefined): Promise<MyPlaylists> {
      const [rows, holding] = await Promise.all([
        listPlaylists(db, userId, userId),
        itemId === undefined ? new Set<string>() : playlistsHolding(db, userId, itemId),
      ]);
      return {
        list: rows.map((row) => ({ ...presentPlaylist(row), contains: holding.has(row.id) })),
      };
    },

    async create(userId: string, body: CreatePlaylistBody): Promise<PlaylistState> {
      const title = body.title.trim();
      if (title === '') throw invalid(t.emptyTitle, 'title');
      if (body.group_id !== undefined) await viewableItem(body.group_id, userId);
      const id = newId();
      await inTransaction(db, async (trx) => {
        await lockUser(trx, userId);
        if ((await countPlaylists(trx, userId)) >= PLAYLIST_MAX_PER_USER) {
          throw conflict(t.tooManyPlaylists(PLAYLIST_MAX_PER_USER), 'title');
        }
        await insertPlaylist(
          trx,
          {
            id,
            userId,
            title,
            description: body.description ?? '',
            isPublic: body.is_public ?? true,
          },
          Date.now(),
        );
        if (body.group_id !== undefined) await addItem(trx, { id, item_count: 0 }, body.group_id);
      });
      return stateOf(id, userId, body.group_id);
    },

    async add(userId: string, playlistId: string, itemId: string): Promise<PlaylistState> {
      await viewableItem(itemId, userId);
      await changeOwn(userId, playlistId, (trx, playlist) => addItem(trx, playlist, itemId));
      return stateOf(playlistId, userId, itemId);
    },

    async remove(userId: string, playlistId: string, itemId: string): Promise<PlaylistState> {
      await changeOwn(userId, playlistId, (trx, playlist) =>
        removePlaylistItem(trx, playlist.id, itemId, Date.now()),
      );
      return stateOf(playlistId, userId, itemId);
    },
  };
}
