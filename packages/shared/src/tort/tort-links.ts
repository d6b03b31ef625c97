import { isMixId } from '../ids/id-rules.ts';

/*
 * The links box of the infringement form (decision 055): one Melon video link or id a line.
 * The server reads it with these rules to resolve and to file a claim; the web page with them
 * to count lines and to build the form's address.
 */

/** The pages whose address names a video: /:mixId, /iframe/:mixId, /toplay/:gid. */
const VIDEO_PAGE_PREFIXES: readonly (string | null)[] = [null, 'iframe', 'toplay'];

/** The non-empty lines of the box, trimmed. */
export function tortLinkLines(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '');
}

/**
 * The video id a line names: a bare id, or the address (any host, or a path alone) of a video
 * page; undefined for anything else.
 */
export function itemIdOfLink(line: string): string | undefined {
  if (isMixId(line)) return line;
  const url = URL.parse(line, 'https://melon.invalid');
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) return undefined;
  const segments = url.pathname.split('/').filter((segment) => segment !== '');
  const id = segments.at(-1);
  const prefix = segments.length === 2 ? segments[0] : segments.length === 1 ? null : undefined;
  if (id === undefined || prefix === undefined || !VIDEO_PAGE_PREFIXES.includes(prefix)) {
    return undefined;
  }
  return isMixId(id) ? id : undefined;
}

/** The infringement form's path, with a video already named when given. */
export const tortReportPath = (groupId?: string): string =>
  groupId === undefined ? '/tort' : `/tort?group_id=${groupId}`;
