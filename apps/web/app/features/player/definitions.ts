import {
  DEFINITIONS,
  definitionLabel,
  isDefinition,
  type Definition,
} from '@melon/shared/media/definitions';

/** The menu's choices: a definition, or 自动 (auto-definition). */
export type DefinitionChoice = Definition | 'auto';

/** The menu line of a definition: the label with the resolution, e.g. 高清 720P. */
export function definitionMenuText(definition: Definition): string {
  return `${definitionLabel(definition)} ${definition.toUpperCase()}`;
}

/** p-type definitions are the ones named by their lines (360p to 1080p), not 2k or 4k. */
function isPType(definition: Definition): boolean {
  return definition.endsWith('p');
}

const ULTRA: readonly Definition[] = ['2k', '4k'];

/**
 * SPEC §5: 2k and 4k show only in a supported desktop browser (Chrome, Chromium, Safari, Edge
 * above version 20) or with enable_2k=1 in the query or a cookie.
 */
export function canShowUltraDefinitions(input: {
  userAgent: string;
  search: string;
  cookie: string;
}): boolean {
  if (new URLSearchParams(input.search).get('enable_2k') === '1') return true;
  if (input.cookie.split(';').some((part) => part.trim() === 'enable_2k=1')) return true;
  return isSupportedDesktopBrowser(input.userAgent);
}

function isSupportedDesktopBrowser(userAgent: string): boolean {
  if (/Mobile|Android|iPhone|iPad|iPod/i.test(userAgent)) return false;
  const version = (pattern: RegExp) => Number(pattern.exec(userAgent)?.[1] ?? 0);
  const edge = version(/Edg(?:e|A|iOS)?\/(\d+)/);
  if (edge) return edge > 20;
  const chrome = version(/(?:Chrome|Chromium)\/(\d+)/);
  if (chrome) return chrome > 20;
  const safari = /Safari\//.test(userAgent) ? version(/Version\/(\d+)/) : 0;
  return safari > 20;
}

/** The definitions a viewer can pick, highest first as the menu lists them. */
export function visibleDefinitions(
  available: readonly Definition[],
  showUltra: boolean,
): Definition[] {
  return DEFINITIONS.filter(
    (definition) => available.includes(definition) && (showUltra || !ULTRA.includes(definition)),
  ).reverse();
}

/** The local calendar day of a time, as YYYY-MM-DD. */
export function localDay(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/**
 * SPEC §4: auto by default; a stored definition counts only when it was set today, and when
 * this video lacks it the first p-type definition of the menu (the highest of 360p–1080p) is used.
 */
export function initialDefinition(input: {
  stored: string | null;
  storedDay: string | null;
  today: string;
  visible: readonly Definition[];
}): DefinitionChoice {
  const { stored, storedDay, today, visible } = input;
  if (stored === null || stored === 'auto' || storedDay !== today) return 'auto';
  if (isDefinition(stored) && visible.includes(stored)) return stored;
  return visible.find(isPType) ?? 'auto';
}
