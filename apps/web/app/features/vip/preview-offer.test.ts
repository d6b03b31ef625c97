import { describe, expect, it } from 'vitest';
import { previewOffer } from './preview-offer.ts';

const GID = '7300000000000000001';

describe('the offer at the end of the preview', () => {
  it('asks a visitor to sign in first, whatever the episode', () => {
    expect(previewOffer({ reason: 'vip', priceFen: null }, false, GID)).toEqual({ kind: 'login' });
    expect(previewOffer({ reason: 'paid', priceFen: 300 }, false, GID)).toEqual({ kind: 'login' });
  });

  it('sends a signed-in viewer of a VIP episode to /vip-center, to come back to it', () => {
    expect(previewOffer({ reason: 'vip', priceFen: null }, true, GID)).toEqual({
      kind: 'join',
      href: `/vip-center?from_gid=${GID}`,
    });
  });

  it('sells a paid episode at its price; without one, offers membership', () => {
    expect(previewOffer({ reason: 'paid', priceFen: 300 }, true, GID)).toEqual({
      kind: 'buy',
      priceFen: 300,
    });
    expect(previewOffer({ reason: 'paid', priceFen: null }, true, GID).kind).toBe('join');
  });
});
