import { describe, expect, it } from 'vitest';
import { embedCode } from './embed-code.ts';

describe('embedCode', () => {
  it('frames /iframe/<id> on the site’s origin, title escaped', () => {
    expect(embedCode('https://melon.example', '7012345678901234567', '猫 & "狗" <3>')).toBe(
      '<iframe src="https://melon.example/iframe/7012345678901234567" width="640" height="360" ' +
        'title="猫 &amp; &quot;狗&quot; &lt;3>" frameborder="0" ' +
        'allow="autoplay; fullscreen; picture-in-picture" allowfullscreen></iframe>',
    );
  });
});
