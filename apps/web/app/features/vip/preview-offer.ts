/** What ended the preview: why the rest is withheld, and the episode's price when it is sold. */
export interface EndedPreview {
  reason: 'vip' | 'paid';
  priceFen: number | null;
}

/**
 * What the end of the 6-minute preview offers (SPEC §4, §6, decision 050): a visitor signs in
 * first (they may be a member already); a signed-in viewer of a VIP episode joins on
 * /vip-center, which sends them back to the episode; of a paid one buys it, or joins when it
 * has no price to sell it at.
 */
export type PreviewOffer =
  { kind: 'login' } | { kind: 'join'; href: string } | { kind: 'buy'; priceFen: number };

export function previewOffer(
  preview: EndedPreview,
  signedIn: boolean,
  groupId: string,
): PreviewOffer {
  if (!signedIn) return { kind: 'login' };
  if (preview.reason === 'paid' && preview.priceFen !== null && preview.priceFen > 0) {
    return { kind: 'buy', priceFen: preview.priceFen };
  }
  return { kind: 'join', href: `/vip-center?from_gid=${encodeURIComponent(groupId)}` };
}
