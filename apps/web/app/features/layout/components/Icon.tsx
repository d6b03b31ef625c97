/** A circle as path data. */
function circle(cx: number, cy: number, r: number): string {
  return `M${cx - r} ${cy}a${r} ${r} 0 1 0 ${2 * r} 0a${r} ${r} 0 1 0 ${-2 * r} 0`;
}

/** A rounded rectangle as path data. */
function rect(x: number, y: number, w: number, h: number, r: number): string {
  return `M${x + r} ${y}h${w - 2 * r}a${r} ${r} 0 0 1 ${r} ${r}v${h - 2 * r}a${r} ${r} 0 0 1 ${-r} ${r}h${-(w - 2 * r)}a${r} ${r} 0 0 1 ${-r} ${-r}v${-(h - 2 * r)}a${r} ${r} 0 0 1 ${r} ${-r}z`;
}

/** Line icons on a 24×24 grid, drawn with the current text colour. */
const ICONS = {
  recommend:
    'M12 3c1 3.5 5 5.6 5 10.2a5 5 0 0 1-10 0c0-2.4 1.3-4 2.6-5.1.2 1.6.9 2.6 2 3.1-.3-3 .1-5.6.4-8.2z',
  film: `${rect(3, 5, 18, 14, 2)}M3 9.5h18M7.5 5l2 4.5M12.5 5l2 4.5M17.5 5l2 4.5`,
  game: `M7 8h10a5 5 0 0 1 5 5 3.4 3.4 0 0 1-6 2.2L14.8 14H9.2L8 15.2A3.4 3.4 0 0 1 2 13a5 5 0 0 1 5-5zM7.5 10.3v3.4M5.8 12h3.4${circle(15.8, 11, 0.4)}${circle(17.8, 13, 0.4)}`,
  music: `M9 17.5V5.5l11-2.2v12${circle(6.5, 17.5, 2.5)}${circle(17.5, 15.3, 2.5)}`,
  food: 'M3 12h18a9 9 0 0 1-18 0zM9 8.5c0-1.6 1.2-1.6 1.2-3.2M13.8 8.5c0-1.6 1.2-1.6 1.2-3.2',
  knowledge:
    'M9.5 18h5M10.5 21h3M12 3a6 6 0 0 0-3.6 10.8c.7.5 1.1 1.3 1.1 2.1v.1h5v-.1c0-.8.4-1.6 1.1-2.1A6 6 0 0 0 12 3z',
  sport: `${circle(12, 12, 9)}M5.6 5.6c3.5 3.5 3.5 9.3 0 12.8M18.4 5.6c-3.5 3.5-3.5 9.3 0 12.8M3 12h18`,
  life: 'M12 20s-7.5-4.6-7.5-10.3A4.2 4.2 0 0 1 12 7.2a4.2 4.2 0 0 1 7.5 2.5C19.5 15.4 12 20 12 20z',
  anime: `M8 3.5l4 3.5 4-3.5${rect(3, 7, 18, 13, 3)}M9 12v2M15 12v2M10.5 16.5c.9.6 2.1.6 3 0`,
  tech: `${rect(7, 7, 10, 10, 1.5)}M9.5 3v4M14.5 3v4M9.5 17v4M14.5 17v4M3 9.5h4M3 14.5h4M17 9.5h4M17 14.5h4`,
  live: `${circle(12, 12, 2)}M8.5 8.5a5 5 0 0 0 0 7M15.5 8.5a5 5 0 0 1 0 7M5.6 5.6a9 9 0 0 0 0 12.8M18.4 5.6a9 9 0 0 1 0 12.8`,
  vip: 'M3 8l4.5 4L12 5l4.5 7L21 8l-2 11H5zM8 15.5h8',
  history: `${circle(12, 12, 9)}M12 7v5l3.2 2`,
  favorite: 'M12 3.5l2.7 5.5 6 .9-4.3 4.2 1 6-5.4-2.8-5.4 2.8 1-6L3.3 9.9l6-.9z',
  follow: `${circle(10, 8, 4)}M3 20a7 7 0 0 1 14 0M19 8v6M16 11h6`,
  download: 'M12 3.5v11M7.5 10.5l4.5 4.5 4.5-4.5M4.5 19.5h15',
  shield: 'M12 3l8 3v6c0 4.8-3.4 8-8 9-4.6-1-8-4.2-8-9V6z',
  search: `${circle(10.8, 10.8, 6.8)}M20 20l-4.3-4.3`,
  top: 'M5 4h14M12 20V9M6.5 14.5 12 9l5.5 5.5',
  channel: `${rect(4, 4, 7, 7, 1.5)}${rect(13, 4, 7, 7, 1.5)}${rect(4, 13, 7, 7, 1.5)}${rect(13, 13, 7, 7, 1.5)}`,
} as const;

export type IconName = keyof typeof ICONS;

function isIconName(name: string): name is IconName {
  return Object.hasOwn(ICONS, name);
}

/** A decorative line icon; an unknown name (a channel's new icon key) draws a generic one. */
export function Icon({
  name,
  size = 20,
  className,
}: {
  name: string;
  size?: number;
  className?: string;
}) {
  return (
    <svg
      className={className}
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d={ICONS[isIconName(name) ? name : 'channel']} />
    </svg>
  );
}
