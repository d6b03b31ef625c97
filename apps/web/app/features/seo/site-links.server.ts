import { getSiteLinks } from '@melon/shared/calls/seo.calls';
import type { SeoLinkBlocks } from '@melon/shared/contracts/seo';
import type { MelonClient } from '@melon/shared/client/client';

/** The link blocks for a page's foot (decision 038); none when the call fails. */
export function loadSiteLinks(client: MelonClient): Promise<SeoLinkBlocks | null> {
  return client.call(getSiteLinks).catch((error: unknown) => {
    // The page works without them; the failure is for the server log.
    console.error('melon web: site links failed', error);
    return null;
  });
}
