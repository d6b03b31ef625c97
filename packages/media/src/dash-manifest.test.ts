import { describe, expect, it } from 'vitest';
import { rewriteDashManifest } from './dash-manifest.ts';

describe('rewriteDashManifest', () => {
  it('drops the bitstream switching claim and keeps everything else', () => {
    const written =
      '<AdaptationSet id="0" contentType="video" startWithSAP="1" segmentAlignment="true" bitstreamSwitching="true" frameRate="30/1">';
    expect(rewriteDashManifest(written)).toBe(
      '<AdaptationSet id="0" contentType="video" startWithSAP="1" segmentAlignment="true" frameRate="30/1">',
    );
  });
});
