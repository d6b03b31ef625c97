import sharp from 'sharp';

/** Colour pairs for generated covers, picked by index so every run draws the same site. */
const PALETTES = [
  ['#ff7a45', '#ffc53d'],
  ['#36cfc9', '#1d39c4'],
  ['#9254de', '#f759ab'],
  ['#73d13d', '#08979c'],
  ['#ff4d4f', '#722ed1'],
  ['#40a9ff', '#13c2c2'],
  ['#fa8c16', '#d4380d'],
  ['#597ef7', '#2f54eb'],
] as const;

const escapeXml = (text: string) => text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Breaks a Chinese title into at most two lines of `perLine` characters. */
function titleLines(title: string, perLine: number): string[] {
  const chars = Array.from(title);
  const first = chars.slice(0, perLine).join('');
  const rest = chars.slice(perLine);
  if (rest.length === 0) return [first];
  return [first, rest.length > perLine ? `${rest.slice(0, perLine - 1).join('')}…` : rest.join('')];
}

function coverSvg(title: string, label: string, index: number): string {
  const [from, to] = PALETTES[index % PALETTES.length] ?? PALETTES[0];
  const lines = titleLines(title, 12)
    .map((line, i) => `<text x="48" y="${236 + i * 58}" class="t">${escapeXml(line)}</text>`)
    .join('');
  const cx = 420 + ((index * 53) % 180);
  const cy = 60 + ((index * 37) % 120);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="360" viewBox="0 0 640 360">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
    <stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient>
    <linearGradient id="s" x1="0" y1="0" x2="0" y2="1">
    <stop offset="0.4" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.45"/></linearGradient>
    <style>.t{font:700 44px 'Noto Sans CJK SC','Noto Sans SC',sans-serif;fill:#fff}
    .l{font:500 22px 'Noto Sans CJK SC','Noto Sans SC',sans-serif;fill:#fff}</style></defs>
  <rect width="640" height="360" fill="url(#g)"/>
  <circle cx="${cx}" cy="${cy}" r="150" fill="#fff" fill-opacity="0.14"/>
  <circle cx="${cx + 90}" cy="${cy + 150}" r="90" fill="#fff" fill-opacity="0.1"/>
  <rect width="640" height="360" fill="url(#s)"/>
  <rect x="48" y="40" rx="6" width="${label.length * 22 + 28}" height="40" fill="#000" fill-opacity="0.28"/>
  <text x="62" y="68" class="l">${escapeXml(label)}</text>
  ${lines}
</svg>`;
}

/** A 16:9 cover in two sizes (large 640×360, middle 320×180), as WebP at quality 75. */
export async function renderCover(
  title: string,
  label: string,
  index: number,
): Promise<{ large: Buffer; middle: Buffer }> {
  const base = sharp(Buffer.from(coverSvg(title, label, index)));
  const [large, middle] = await Promise.all([
    base.clone().webp({ quality: 75 }).toBuffer(),
    base.clone().resize(320, 180).webp({ quality: 75 }).toBuffer(),
  ]);
  return { large, middle };
}

/** A round avatar with the first character of the name. */
export function renderAvatar(name: string, index: number): Promise<Buffer> {
  const [from, to] = PALETTES[(index + 3) % PALETTES.length] ?? PALETTES[0];
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="128" height="128">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
  <stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
  <circle cx="64" cy="64" r="64" fill="url(#g)"/>
  <text x="64" y="84" text-anchor="middle" style="font:700 56px 'Noto Sans CJK SC',sans-serif;fill:#fff">${escapeXml(Array.from(name)[0] ?? '?')}</text>
</svg>`;
  return sharp(Buffer.from(svg)).webp({ quality: 75 }).toBuffer();
}
