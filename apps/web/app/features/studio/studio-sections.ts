/** The creator studio's sections, in the order of its navigation. */
export const STUDIO_SECTIONS = ['videos', 'series', 'analytics', 'certification'] as const;
export type StudioSection = (typeof STUDIO_SECTIONS)[number];

/** Where a studio section lives: `/user-center/creator/<section>`. */
export const studioPath = (section: StudioSection, rest = ''): string =>
  `/user-center/creator/${section}${rest === '' ? '' : `/${rest}`}`;
