import { useEffect, useRef, useState } from 'react';
import type { CallDeclaration } from '@melon/shared/calls/call';
import { ApiError } from '@melon/shared/client/errors';
import { COMMENT_IMAGE_MAX_BYTES } from '@melon/shared/contracts/comment-image';
import { uploadWithProgress } from '~/lib/upload-with-progress.ts';

/** One picked picture: its local preview while it goes up, then its stored uri. */
export type PictureUpload =
  | { key: number; state: 'uploading'; preview: string; progress: number }
  | { key: number; state: 'ready'; preview: string; uri: string };

export interface PictureUploads {
  pictures: readonly PictureUpload[];
  /** Why the last picked file was refused, or null. */
  problem: string | null;
  /** Uploads the picked files up to the limit. */
  add: (files: readonly File[]) => void;
  remove: (key: number) => void;
  /** As many pictures as the form takes: no more can be added. */
  full: boolean;
  /** The uploaded pictures' uris, in order. */
  uris: readonly string[];
  uploading: boolean;
}

export interface PictureUploadOptions {
  /** A multipart call taking the file in field `image` and answering its `uri`. */
  call: CallDeclaration;
  query?: Readonly<Record<string, unknown>>;
  fields?: Readonly<Record<string, string>>;
  max: number;
  /** What the user is told: a file over 5 MB, a failure the server did not word. */
  messages: { tooLarge: string; failed: string };
}

/**
 * Pictures of a form, each uploaded with its progress as soon as it is picked (at most 5 MB,
 * as comment pictures, decision 031), up to `max`.
 */
export function usePictureUploads({
  call,
  query,
  fields,
  max,
  messages,
}: PictureUploadOptions): PictureUploads {
  const [pictures, setPictures] = useState<PictureUpload[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const nextKey = useRef(0);
  const previews = useRef(new Set<string>());

  // The local previews' object URLs live as long as the form.
  useEffect(() => {
    const urls = previews.current;
    return () => {
      urls.forEach((url) => {
        URL.revokeObjectURL(url);
      });
    };
  }, []);

  const update = (key: number, next: (picture: PictureUpload) => PictureUpload | null) => {
    setPictures((shown) =>
      shown.flatMap((picture) => {
        if (picture.key !== key) return [picture];
        const changed = next(picture);
        return changed ? [changed] : [];
      }),
    );
  };

  const upload = (file: File) => {
    const key = nextKey.current++;
    const preview = URL.createObjectURL(file);
    previews.current.add(preview);
    setPictures((shown) => [...shown, { key, state: 'uploading', preview, progress: 0 }]);
    uploadWithProgress(call, {
      field: 'image',
      file,
      ...(query ? { query } : {}),
      ...(fields ? { fields } : {}),
      onProgress: (progress) => {
        update(key, (picture) =>
          picture.state === 'uploading' ? { ...picture, progress } : picture,
        );
      },
    }).then(
      (answer) => {
        const { uri } = answer as { uri: string };
        update(key, () => ({ key, state: 'ready', preview, uri }));
      },
      (error: unknown) => {
        update(key, () => null);
        setProblem(error instanceof ApiError && error.message ? error.message : messages.failed);
      },
    );
  };

  return {
    pictures,
    problem,
    add: (files) => {
      setProblem(null);
      const room = max - pictures.length;
      for (const file of files.slice(0, Math.max(room, 0))) {
        if (file.size > COMMENT_IMAGE_MAX_BYTES) setProblem(messages.tooLarge);
        else upload(file);
      }
    },
    remove: (key) => {
      update(key, () => null);
    },
    full: pictures.length >= max,
    uris: pictures.flatMap((picture) => (picture.state === 'ready' ? [picture.uri] : [])),
    uploading: pictures.some((picture) => picture.state === 'uploading'),
  };
}
