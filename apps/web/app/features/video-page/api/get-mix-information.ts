import type { MelonClient } from '@melon/shared/client/client';
import type { MixInformation, MixInformationQuery } from '@melon/shared/contracts/video';

/** GET /api/mixVideo/information: the page's mixId and the details of the item to play. */
export function getMixInformation(
  client: MelonClient,
  query: MixInformationQuery,
): Promise<MixInformation> {
  return client.get<MixInformation>('/api/mixVideo/information', query);
}
