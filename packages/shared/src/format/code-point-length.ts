/**
 * Characters as the request schemas (Ajv) and the database's length() count them: Unicode code
 * points, so 🍉 is one character, not two UTF-16 units.
 */
export const codePointLength = (text: string): number => Array.from(text).length;
