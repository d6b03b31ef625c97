import { APP_ID } from '../api/constants.ts';

/** Lists are comma-joined (SPEC §7 block_ids); null and undefined leave the key out. */
function encodeValue(value: unknown): string | undefined {
  if (value === null || value === undefined) return undefined;
  if (Array.isArray(value)) return value.join(',');
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

/** The call's URL against `baseUrl`, with the query and SPEC §7's aid=1768 on every call. */
export function buildUrl(
  baseUrl: string,
  path: string,
  query: Readonly<Record<string, unknown>> = {},
): string {
  const url = new URL(path, baseUrl);
  for (const [key, value] of Object.entries(query)) {
    const encoded = encodeValue(value);
    if (encoded !== undefined) url.searchParams.set(key, encoded);
  }
  url.searchParams.set('aid', String(APP_ID));
  return url.toString();
}

/** application/x-www-form-urlencoded body; nested objects travel as JSON text. */
export function formBody(body: Readonly<Record<string, unknown>>): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(body)) {
    const encoded = encodeValue(value);
    if (encoded !== undefined) params.append(key, encoded);
  }
  return params;
}

/** The same fields as a multipart form, for a multipart call that declares its fields. */
export function multipartFormBody(body: Readonly<Record<string, unknown>>): FormData {
  const form = new FormData();
  for (const [key, value] of formBody(body)) form.append(key, value);
  return form;
}
