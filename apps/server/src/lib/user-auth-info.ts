/**
 * A user's certification as stored (JSON text of an object), or null when the user is not
 * certified or the stored text is not an object.
 */
export function parseUserAuthInfo(text: string | null): Record<string, unknown> | null {
  if (!text) return null;
  try {
    const parsed: unknown = JSON.parse(text);
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}
