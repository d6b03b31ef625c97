/** The melon mark of the logo: a melon cut open, with a play button (same drawing as favicon.svg). */
export function MelonMark({ size = 32 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <circle cx="16" cy="16" r="15" fill="#2f9e4f" />
      <circle cx="16" cy="16" r="12.6" fill="#c9eeb0" />
      <circle cx="16" cy="16" r="11.2" fill="#f5503c" />
      <path d="M13.2 10.6v10.8l8.6-5.4z" fill="#fff" />
      <g fill="#3a1d17">
        <ellipse cx="9.6" cy="12.4" rx="0.9" ry="1.4" transform="rotate(-30 9.6 12.4)" />
        <ellipse cx="9.8" cy="19.8" rx="0.9" ry="1.4" transform="rotate(30 9.8 19.8)" />
        <ellipse cx="17.4" cy="7.9" rx="0.9" ry="1.4" transform="rotate(80 17.4 7.9)" />
        <ellipse cx="17.6" cy="24.1" rx="0.9" ry="1.4" transform="rotate(-80 17.6 24.1)" />
      </g>
    </svg>
  );
}
