import { describe, expect, it } from 'vitest';
import { DEFAULT_LAYOUT, resolveLayout } from './layout-options.ts';

describe('resolveLayout', () => {
  it.each([
    { name: 'no handles', handles: [], expected: DEFAULT_LAYOUT },
    {
      name: 'handles without layout',
      handles: [undefined, null, 3, { other: 1 }],
      expected: DEFAULT_LAYOUT,
    },
    {
      name: 'a hidden side menu',
      handles: [undefined, { layout: { sideMenu: 'hidden' } }],
      expected: { ...DEFAULT_LAYOUT, sideMenu: 'hidden' },
    },
    {
      name: 'the embeddable player',
      handles: [
        {},
        {
          layout: { header: 'hidden', sideMenu: 'hidden', fixedButton: false, toPlayBasket: false },
        },
      ],
      expected: { sideMenu: 'hidden', header: 'hidden', fixedButton: false, toPlayBasket: false },
    },
    {
      name: 'a deeper route wins',
      handles: [
        { layout: { sideMenu: 'hidden', fixedButton: false } },
        { layout: { sideMenu: 'normal' } },
      ],
      expected: { ...DEFAULT_LAYOUT, fixedButton: false },
    },
  ])('$name', ({ handles, expected }) => {
    expect(resolveLayout(handles)).toEqual(expected);
  });
});
