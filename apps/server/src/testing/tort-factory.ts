import type { Kysely } from 'kysely';
import type { Database } from '@melon/db/database';
import { TORT_PROOF_DIR } from '../modules/tort/tort-proof.service.ts';
import { createTortService } from '../modules/tort/tort.service.ts';
import { createUser } from './factories.ts';

/**
 * A pending infringement claim on the video by a new claimant, filed as the page files one
 * (with one uploaded proof picture); answers the claim's id and the proof's uri.
 */
export async function fileTortClaim(
  db: Kysely<Database>,
  newId: () => string,
  videoId: string,
): Promise<{ claimId: string; uri: string }> {
  const claimantId = await createUser(db, newId);
  const proofId = newId();
  const uri = `${TORT_PROOF_DIR}/${proofId}.webp`;
  await db
    .insertInto('tort_proof_images')
    .values({
      id: proofId,
      uri,
      user_id: claimantId,
      width: 10,
      height: 10,
      bytes: 100,
      created_at: Date.now(),
    })
    .execute();
  const { report } = await createTortService({ db, newId }).file(claimantId, {
    submit_id: `test-${newId()}`,
    claimant_kind: 'person',
    claimant_name: '张三',
    mobile: '13900139000',
    email: 'zhang@example.com',
    right: 'portrait',
    links: videoId,
    description: '视频未经许可使用了我的肖像照片。',
    proof_images: [uri],
    declaration: true,
  });
  return { claimId: report.id, uri };
}
