import { uploadTortProof } from '@melon/shared/calls/tort.calls';
import { TORT_PROOFS_MAX_COUNT } from '@melon/shared/contracts/tort';
import { type PictureUploads, usePictureUploads } from '~/lib/use-picture-uploads.ts';
import { tortMessages as t } from '../messages.ts';

const MESSAGES = { tooLarge: t.proofTooLarge, failed: t.proofFailed };

/** The proof pictures of the claim, uploaded privately (decision 055) as picked. */
export function useProofUploads(): PictureUploads {
  return usePictureUploads({
    call: uploadTortProof,
    max: TORT_PROOFS_MAX_COUNT,
    messages: MESSAGES,
  });
}
