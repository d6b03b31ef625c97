import fc from 'fast-check';

/** A JSON body over the server's 1 MiB body limit: built once, sent now and then. */
export const HUGE_JSON = JSON.stringify({ text: 'x'.repeat(1024 * 1024 + 16) });

/**
 * Text an attacker (or a broken client) sends where text is expected: empty and blank, control
 * characters and NUL, lone UTF-16 surrogates, zero-width and bidirectional controls, emoji
 * sequences, right-to-left and combining scripts, full-width digits, numbers that are not
 * numbers, path and markup injection, prototype keys, and long runs.
 */
export const NASTY_STRINGS: readonly string[] = [
  '',
  ' ',
  '\t\n\r',
  '\u0000',
  'a\u0000b',
  '\uD800',
  '\uDFFF',
  'x\uD83D',
  '\uDE00x',
  '\u200B\u200C\u200D\u2060\uFEFF',
  '名\u200B字',
  '\u202Eevil\u202C',
  '\u2066\u2067\u2068\u2069\u200E\u200F\u061C',
  '👨‍👩‍👧‍👦🏳️‍🌈🇨🇳',
  'مرحبا بالعالم',
  'שלום',
  'e\u0301\u0302\u0303\u0304',
  'Z̤͔ͧ̑̓ä͖̭̈̇lͮ̒ͫǧ̗͚̚o̙̔ͮ̇͐̇',
  '１２３４５',
  '０',
  '-1',
  '0',
  '-0',
  '1e309',
  '1.5',
  'NaN',
  'Infinity',
  '9'.repeat(30),
  '0x1F',
  ' 12',
  '12 ',
  'true',
  'null',
  'undefined',
  '[]',
  '{}',
  '__proto__',
  'constructor',
  'prototype',
  '../../../../etc/passwd',
  '..\\..\\windows\\win.ini',
  '/.//evil.example',
  '//evil.example',
  'https://evil.example/',
  'javascript:alert(1)',
  '<script>alert(1)</script>',
  "' OR '1'='1' --",
  '"; DROP TABLE users; --',
  '${7*7}{{7*7}}',
  '%00',
  '%',
  '%zz',
  '%C0%AF',
  '\r\nSet-Cookie: x=1',
  '\u0085\u2028\u2029',
  '\uFFFD\uFFFE\uFFFF',
  '𠮷野家',
  'a'.repeat(257),
  '字'.repeat(5000),
  'y'.repeat(70_000),
];

/** Numbers at and past every edge a schema may set. */
export const NASTY_NUMBERS: readonly number[] = [
  0,
  -0,
  -1,
  1,
  0.5,
  -1.5,
  2 ** 31,
  2 ** 31 - 1,
  -(2 ** 31),
  2 ** 32,
  Number.MAX_SAFE_INTEGER,
  Number.MAX_SAFE_INTEGER + 2,
  -Number.MAX_SAFE_INTEGER,
  1e21,
  1e308,
  -1e308,
  5e-324,
  16_777_216,
  1768,
];

/**
 * A text: one of the named ones, or any string, from plain ASCII to any UTF-16 unit. Built once:
 * arbitraries are immutable and some are slow to build.
 */
export const nastyString: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...NASTY_STRINGS) },
  { weight: 1, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 20 }) },
  {
    weight: 1,
    arbitrary: fc.string({
      unit: fc.constantFrom('\u200B', '\u202E', '\u0000', '\uD800', 'é', '😀', '字'),
      maxLength: 30,
    }),
  },
);

/** Any JSON value, favouring the awkward ones. */
export const nastyJson: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 3, arbitrary: nastyString },
  { weight: 2, arbitrary: fc.constantFrom(...NASTY_NUMBERS) },
  { weight: 2, arbitrary: fc.constantFrom<unknown>(null, true, false, [], {}, [null], [[[[[]]]]]) },
  { weight: 1, arbitrary: fc.integer() },
  { weight: 1, arbitrary: fc.double({ noNaN: true, noDefaultInfinity: true }) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  { weight: 1, arbitrary: fc.array(nastyString, { maxLength: 5 }) },
  { weight: 1, arbitrary: fc.dictionary(nastyString, nastyString, { maxKeys: 4 }) },
);
