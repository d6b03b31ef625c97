import type { Kysely } from 'kysely';
import type { Database } from '@melon/db/database';
import { tortProofUrl } from '@melon/shared/contracts/tort';
import { isMixId } from '@melon/shared/ids/id-rules';
import type { MediaStorage } from '../../storage/media-storage.ts';
import { renderCommentImage } from '../image/comment-image.render.ts';
import { storePicture } from '../image/image.service.ts';
import { mediaUrl } from '../../storage/media-url.ts';
import { PRIVATE_DIR } from '../../storage/media-keys.ts';
import { findTortProof, insertTortProof, type TortProofRow } from './tort-proof.repository.ts';

type Db = Kysely<Database>;

/** Proof pictures live here in media storage, a directory the public media routes never serve. */
export const TORT_PROOF_DIR = `${PRIVATE_DIR}/tort-proofs`;

const PROOF_URI = new RegExp(`^${TORT_PROOF_DIR}/([1-9][0-9]{15,25})\\.webp$`);

/** The id of the proof picture `uri` names, if it has a proof's form. */
const proofIdOf = (uri: string): string | undefined => PROOF_URI.exec(uri)?.[1];

/**
 * Where the claimant sees a proof: a private proof through its own route (the uploader's session
 * only); a claim filed before private proofs names comment pictures, public as they always were.
 */
export function proofUrl(uri: string): string {
  const id = proofIdOf(uri);
  return id === undefined ? mediaUrl(uri) : tortProofUrl(id);
}

/** The proof picture `uri` names when `userId` uploaded it; undefined for anything else. */
export async function findOwnProof(
  db: Db,
  uri: string,
  userId: string,
): Promise<TortProofRow | undefined> {
  const id = proofIdOf(uri);
  const row = id === undefined ? undefined : await findTortProof(db, id);
  return row?.user_id === userId && row.uri === uri ? row : undefined;
}

/** The proof picture with this id when `userId` uploaded it: who else asks is told nothing. */
export async function findProofFor(
  db: Db,
  id: string,
  userId: string | undefined,
): Promise<TortProofRow | undefined> {
  if (userId === undefined || !isMixId(id)) return undefined;
  const row = await findTortProof(db, id);
  return row?.user_id === userId ? row : undefined;
}

/**
 * Re-encodes an uploaded proof as comment pictures are (same limits) and keeps it privately as
 * private/tort-proofs/<id>.webp with its row. A refused upload stores nothing.
 */
export async function uploadTortProof(
  deps: { db: Db; storage: MediaStorage; newId: () => string },
  userId: string,
  bytes: Buffer,
): Promise<TortProofRow> {
  const rendering = await renderCommentImage(bytes);
  const id = deps.newId();
  const row: TortProofRow = {
    id,
    uri: `${TORT_PROOF_DIR}/${id}.webp`,
    user_id: userId,
    width: rendering.width,
    height: rendering.height,
    bytes: rendering.webp.length,
    created_at: Date.now(),
  };
  await storePicture(deps.storage, row.uri, rendering.webp, () => insertTortProof(deps.db, row));
  return row;
}
