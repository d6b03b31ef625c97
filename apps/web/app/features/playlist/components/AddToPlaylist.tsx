import { useId, useState, type SyntheticEvent } from 'react';
import {
  addPlaylistItem,
  createPlaylist,
  getMyPlaylists,
  removePlaylistItem,
} from '@melon/shared/calls/playlist.calls';
import { ApiError } from '@melon/shared/client/errors';
import { type MyPlaylists, PLAYLIST_TITLE_MAX_LENGTH } from '@melon/shared/contracts/playlist';
import { CloseButton } from '~/components/ui/CloseButton.tsx';
import { Modal } from '~/components/ui/Modal.tsx';
import { browserClient } from '~/lib/browser-client.ts';
import { playlistMessages as t } from '../messages.ts';
import styles from './Playlist.module.css';

interface AddToPlaylistProps {
  groupId: string;
  /** SPEC §6: a visitor gets the login prompt first. */
  guard: (source: 'favorite', action: () => unknown) => void;
  notify: (message: string) => void;
  className?: string;
  /** The button's accessible name when the button does not say which video (a card's). */
  label?: string;
}

type Entry = MyPlaylists['list'][number];

const messageOf = (error: unknown) =>
  error instanceof ApiError && error.message ? error.message : t.failed;

/** 加入列表: the viewer's playlists, each ticked when it holds the video, and a new one. */
export function AddToPlaylist({ groupId, guard, notify, className, label }: AddToPlaylistProps) {
  const [lists, setLists] = useState<Entry[] | null>(null);
  const [open, setOpen] = useState(false);
  const [title, setTitle] = useState('');
  const [pending, setPending] = useState(false);
  const titleId = useId();

  const show = () => {
    guard('favorite', async () => {
      setOpen(true);
      try {
        setLists((await browserClient().call(getMyPlaylists, { group_id: groupId })).list);
      } catch (error) {
        notify(messageOf(error));
        setOpen(false);
      }
    });
  };

  const toggle = async (entry: Entry) => {
    setPending(true);
    try {
      const call = entry.contains ? removePlaylistItem : addPlaylistItem;
      const state = await browserClient().call(call, {
        playlist_id: entry.playlist_id,
        group_id: groupId,
      });
      setLists((shown) =>
        (shown ?? []).map((list) =>
          list.playlist_id === entry.playlist_id
            ? { ...state.playlist, contains: state.contains }
            : list,
        ),
      );
      notify(state.contains ? t.added(entry.title) : t.removed(entry.title));
    } catch (error) {
      notify(messageOf(error));
    }
    setPending(false);
  };

  const create = async (event: SyntheticEvent) => {
    event.preventDefault();
    if (!title.trim()) return;
    setPending(true);
    try {
      const state = await browserClient().call(createPlaylist, { title, group_id: groupId });
      setLists((shown) => [{ ...state.playlist, contains: state.contains }, ...(shown ?? [])]);
      setTitle('');
      notify(t.added(state.playlist.title));
    } catch (error) {
      notify(messageOf(error));
    }
    setPending(false);
  };

  return (
    <>
      <button
        type="button"
        className={className}
        onClick={show}
        aria-label={label}
        data-testid="add-to-playlist"
      >
        {t.add}
      </button>
      {open && (
        <Modal
          labelledBy={titleId}
          onClose={() => {
            setOpen(false);
          }}
          className={styles.dialog}
          sheetOnPhones
        >
          <header className={styles.dialogHead}>
            <h2 id={titleId}>{t.addTitle}</h2>
            <CloseButton
              label={t.close}
              size={18}
              className={styles.close}
              onClick={() => {
                setOpen(false);
              }}
            />
          </header>
          {lists === null ? (
            <p className={styles.note}>{t.loading}</p>
          ) : (
            <ul className={styles.choices}>
              {lists.map((entry) => (
                <li key={entry.playlist_id}>
                  <label className={styles.choice}>
                    <input
                      type="checkbox"
                      checked={entry.contains}
                      disabled={pending}
                      onChange={() => void toggle(entry)}
                    />
                    <span className={styles.choiceTitle}>{entry.title}</span>
                    <span className={styles.note}>{t.count(entry.item_count)}</span>
                  </label>
                </li>
              ))}
            </ul>
          )}
          <form className={styles.create} onSubmit={(event) => void create(event)}>
            <input
              aria-label={t.create}
              placeholder={t.createPlaceholder}
              maxLength={PLAYLIST_TITLE_MAX_LENGTH}
              value={title}
              onChange={(event) => {
                setTitle(event.target.value);
              }}
            />
            <button type="submit" disabled={pending || !title.trim()}>
              {t.createSubmit}
            </button>
          </form>
        </Modal>
      )}
    </>
  );
}
