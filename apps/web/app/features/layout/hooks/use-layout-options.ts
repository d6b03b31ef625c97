import { useMemo } from 'react';
import { useMatches } from 'react-router';
import { resolveLayout, type LayoutOptions } from '~/features/layout/layout-options.ts';

/** The layout options the matched routes ask for. */
export function useLayoutOptions(): LayoutOptions {
  const matches = useMatches();
  return useMemo(() => resolveLayout(matches.map((match) => match.handle)), [matches]);
}
