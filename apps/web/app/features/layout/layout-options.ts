/** Per-route layout options of SPEC §2, declared in a route's `handle.layout`. */
export interface LayoutOptions {
  sideMenu: 'normal' | 'hidden';
  header: 'normal' | 'hidden';
  /** The fixed back-to-top button at the bottom right. */
  fixedButton: boolean;
  /** Whether the to-play basket may show. */
  toPlayBasket: boolean;
}

export interface LayoutHandle {
  layout?: Partial<LayoutOptions>;
}

export const DEFAULT_LAYOUT: LayoutOptions = {
  sideMenu: 'normal',
  header: 'normal',
  fixedButton: true,
  toPlayBasket: true,
};

function layoutOf(handle: unknown): Partial<LayoutOptions> | undefined {
  if (typeof handle !== 'object' || handle === null || !('layout' in handle)) return undefined;
  const { layout } = handle;
  return typeof layout === 'object' && layout !== null ? layout : undefined;
}

/** The options of the matched routes, outermost first: a deeper route overrides its parents. */
export function resolveLayout(handles: readonly unknown[]): LayoutOptions {
  let options = DEFAULT_LAYOUT;
  for (const handle of handles) {
    const layout = layoutOf(handle);
    if (layout) options = { ...options, ...layout };
  }
  return options;
}
