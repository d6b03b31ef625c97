import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { TORT_RIGHTS } from '@melon/shared/contracts/tort';
import { Choices } from './components/TortFields.tsx';
import { tortMessages as t } from './messages.ts';

/** The rights as /tort renders them, with `value` checked and `error` shown. */
const render = (value: (typeof TORT_RIGHTS)[number], error: string | null) =>
  renderToStaticMarkup(
    createElement(Choices<(typeof TORT_RIGHTS)[number]>, {
      legend: t.right,
      name: 'right',
      options: TORT_RIGHTS,
      labels: t.rights,
      value,
      checkedId: 'f-right',
      describedProps: {
        'aria-invalid': error !== null,
        'aria-describedby': error === null ? undefined : 'f-right-error',
      },
      error: error && createElement('p', { id: 'f-right-error' }, error),
      onChange: () => undefined,
    }),
  );

describe('Choices', () => {
  it('is a group of radios under its legend, the checked one carrying the id', () => {
    const html = render('trademark', null);
    expect(html).toMatch(
      /^<fieldset[^>]*aria-invalid="false"[^>]*><legend[^>]*>.*被侵犯的权利<\/legend>/,
    );
    expect(html.match(/type="radio"/g)).toHaveLength(TORT_RIGHTS.length);
    expect(html).toMatch(/<input type="radio" id="f-right" name="right" checked=""\/>商标权/);
    expect(html.match(/id="f-right"/g)).toHaveLength(1);
    expect(html).not.toContain('aria-describedby');
  });

  it('is described by its error when refused', () => {
    const html = render('copyright', '请选择被侵犯的权利');
    expect(html).toMatch(/^<fieldset[^>]*aria-invalid="true"[^>]*aria-describedby="f-right-error"/);
    expect(html).toContain('<p id="f-right-error">请选择被侵犯的权利</p></fieldset>');
  });
});
