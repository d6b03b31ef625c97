/** User-facing text of the SEO link blocks. */
export const seoMessages = {
  label: '更多精彩',
};
