import fc from 'fast-check';
import { CAPTCHA_SOLUTION_HEADER } from '@melon/shared/api/constants';
import { ACTORS, type Actor } from './fuzz-world.ts';
import { HUGE_JSON, nastyJson, nastyString } from './nasty-values.ts';
import type { FuzzRoute, NamedSchema } from './route-table.ts';
import {
  mutatedObjectOf,
  objectOf,
  valueOf,
  type JsonSchema,
  type ValuePool,
} from './schema-values.ts';

/** One generated request, before the actor's cookies are put in (sessions may be renewed). */
export interface FuzzRequest {
  route: string;
  method: string;
  url: string;
  actor: Actor;
  /** For the actors that forge: the garbage cookie, token or session they send. */
  garbage: string;
  headers: Record<string, string>;
  payload: string | Buffer | undefined;
  /** What kind of body this is, for the report: json, form, multipart, malformed… */
  body: string;
  remoteAddress: string;
}

const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;

/** Percent-encodes the UTF-8 bytes of any text (a lone surrogate becomes U+FFFD, as in a browser). */
const encode = (text: string): string =>
  [...Buffer.from(text, 'utf8')]
    .map((byte) =>
      /[A-Za-z0-9\-._~]/.test(String.fromCharCode(byte))
        ? String.fromCharCode(byte)
        : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`,
    )
    .join('');

/** What a header can carry on the wire: UTF-8 bytes read as Latin-1, control characters dropped. */
const headerSafe = (text: string): string =>
  Buffer.from(text, 'utf8')
    .toString('latin1')
    .split('')
    .filter((char) => {
      const code = char.charCodeAt(0);
      return code === 9 || (code >= 0x20 && code !== 0x7f);
    })
    .join('');

/** Already-encoded text that is wrong as a URL component: bad escapes, dot segments, slashes. */
const RAW_COMPONENTS = [
  '%',
  '%zz',
  '%C0%AF',
  '%ED%A0%80',
  '%FF',
  '..',
  '%2e%2e',
  '%2F',
  '%00',
  '+',
  '%20',
];

const asText = (value: unknown): string =>
  typeof value === 'string' ? value : value === undefined ? '' : JSON.stringify(value);

/** A value the parameter's schema accepts (an id that exists, for an id), any id if it has none. */
const validComponentOf = (named: NamedSchema, pool: ValuePool): fc.Arbitrary<string> =>
  named.schema.type === undefined && named.schema.enum === undefined
    ? fc.constantFrom(...pool.idsFor(named.name))
    : valueOf(named.schema, pool, named.name).map((value) => encode(asText(value)));

/** A value for one query parameter or path segment: valid, an existing id, nasty, or raw. */
const componentOf = (named: NamedSchema, pool: ValuePool, wellFormed: boolean) =>
  wellFormed
    ? validComponentOf(named, pool)
    : fc.oneof(
        { weight: 2, arbitrary: validComponentOf(named, pool) },
        { weight: 2, arbitrary: nastyJson.map((value) => encode(asText(value))) },
        { weight: 1, arbitrary: fc.constantFrom(...RAW_COMPONENTS) },
      );

/** The files the world has, as path segments of the media routes. */
const FILE_SEGMENTS = ['v', 'pkg1', 'derived1', 'cover.webp', 'manifest.mpd'];

function pathOf(route: FuzzRoute, pool: ValuePool, wellFormed: boolean): fc.Arbitrary<string> {
  const segments = route.path.split(/(:\w+|\*$)/).filter((part) => part !== '');
  const any = { name: '*', schema: {}, required: false };
  return fc
    .tuple(
      ...segments.map((segment) => {
        if (segment === '*') {
          const anyParts = fc.array(
            fc.oneof(
              componentOf(any, pool, wellFormed),
              fc.constantFrom(...FILE_SEGMENTS, ...(wellFormed ? [] : [''])),
            ),
            { maxLength: 5 },
          );
          // A video's own file: v/<item>/<directory>/<file>, as the media routes serve it.
          const videoFile = fc.tuple(
            fc.constant('v'),
            fc.constantFrom(...pool.idsFor('item_id')),
            fc.constantFrom('pkg1', 'derived1'),
            fc.constantFrom('cover.webp', 'manifest.mpd'),
          );
          return fc.oneof(anyParts, videoFile).map((parts) => parts.join('/'));
        }
        if (!segment.startsWith(':')) return fc.constant(segment);
        const named = route.params.find((param) => `:${param.name}` === segment);
        const unnamed = { name: segment.slice(1), schema: {}, required: true };
        return componentOf(named ?? unnamed, pool, wellFormed);
      }),
    )
    .map((parts) => parts.join(''));
}

/** Every required parameter and some optional ones, each valid. */
function wellFormedQueryOf(route: FuzzRoute, pool: ValuePool): fc.Arbitrary<string> {
  const pairs = route.query.map((named) => {
    const pair = validComponentOf(named, pool).map((value) => [`${named.name}=${value}`]);
    return named.required ? pair : fc.oneof(pair, fc.constant([]));
  });
  return fc.tuple(...pairs).map((all) => {
    const query = all.flat().join('&');
    return query ? `?${query}` : '';
  });
}

function hostileQueryOf(route: FuzzRoute, pool: ValuePool): fc.Arbitrary<string> {
  const declared = route.query.map((named) =>
    fc.oneof(
      {
        weight: named.required ? 6 : 2,
        arbitrary: componentOf(named, pool, false).map((value) => [`${named.name}=${value}`]),
      },
      { weight: 1, arbitrary: fc.constant([]) },
      {
        weight: 1,
        arbitrary: fc
          .array(componentOf(named, pool, false), { minLength: 2, maxLength: 3 })
          .map((values) => values.map((value) => `${named.name}=${value}`)),
      },
      { weight: 1, arbitrary: fc.constant([named.name]) },
    ),
  );
  const extra = fc.array(
    fc.tuple(nastyString, nastyString).map(([name, value]) => `${encode(name)}=${encode(value)}`),
    { maxLength: 2 },
  );
  const raw = fc.constantFrom(
    '',
    '',
    '',
    '&',
    '&&=&',
    '%',
    '%zz=1',
    'a[b]=1',
    'aid=1768',
    '__proto__[x]=1',
    '=',
  );
  return fc.tuple(fc.tuple(...declared), extra, raw).map(([pairs, more, tail]) => {
    const query = [...pairs.flat(), ...more, ...(tail ? [tail] : [])].join('&');
    return query ? `?${query}` : '';
  });
}

/** A form body (application/x-www-form-urlencoded) of an object, nested values as text. */
const formOf = (object: Record<string, unknown>): string =>
  Object.entries(object)
    .map(([name, value]) => `${encode(name)}=${encode(asText(value))}`)
    .join('&');

const BOUNDARY = 'fuzzBoundary7MA4YWxkTrZu0gW';

/** A multipart body of the object's fields and, maybe, a file part with a nasty name and type. */
function multipartOf(
  object: Record<string, unknown>,
  file: { name: string; type: string; bytes: Uint8Array } | null,
): Buffer {
  const parts: Buffer[] = Object.entries(object).map(([name, value]) =>
    Buffer.from(
      `--${BOUNDARY}\r\ncontent-disposition: form-data; name="${headerSafe(name)}"\r\n\r\n${asText(value)}\r\n`,
    ),
  );
  if (file) {
    parts.push(
      Buffer.from(
        `--${BOUNDARY}\r\ncontent-disposition: form-data; name="file"; filename="${headerSafe(file.name)}"\r\ncontent-type: ${headerSafe(file.type)}\r\n\r\n`,
      ),
      Buffer.from(file.bytes),
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${BOUNDARY}--\r\n`));
  return Buffer.concat(parts);
}

const MALFORMED_JSON = [
  '{',
  '{"a":',
  '[1,2',
  '{"a":1}}',
  'nul',
  "{'a':1}",
  '\uFEFF{}',
  '{"a":"\\u12"}',
  '\u0000',
  '{"__proto__":{"polluted":1}}',
  '{"constructor":{"prototype":{"x":1}}}',
  '1e99999',
  '"\\ud800"',
  '['.repeat(5000) + ']'.repeat(5000),
];

const WRONG_TYPES = [
  'text/plain',
  'application/xml',
  'application/octet-stream',
  'application/json; charset=utf-16',
  'application/json; charset=latin1',
  'multipart/form-data',
  'multipart/form-data; boundary=',
  'application/x-www-form-urlencoded; charset=gbk',
  'application/offset+octet-stream',
  'image/png',
  'application/json, text/plain',
  ';;;',
  'x',
];

/** The start of a PNG: what a well-formed avatar upload carries. */
const PNG_BYTES = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);

interface GeneratedBody {
  kind: string;
  contentType: string | undefined;
  payload: string | Buffer | undefined;
}

function bodyOf(route: FuzzRoute, pool: ValuePool): fc.Arbitrary<GeneratedBody> {
  const schema: JsonSchema = route.body ?? { type: 'object', properties: {} };
  const object = mutatedObjectOf(schema, pool);
  const json =
    (kind: string, contentType = 'application/json') =>
    (value: unknown): GeneratedBody => ({
      kind,
      contentType,
      payload: value === undefined ? 'null' : JSON.stringify(value),
    });
  const file = fc.option(
    fc.record({
      name: nastyString,
      type: fc.constantFrom(
        'image/png',
        'image/jpeg',
        'image/gif',
        'text/html',
        'application/x-msdownload',
        '',
        'image/svg+xml',
      ),
      bytes: fc.oneof(
        fc.uint8Array({ maxLength: 64 }),
        fc.constant(PNG_BYTES),
        fc.constant(new Uint8Array([0xff, 0xd8, 0xff, 0xe0])),
      ),
    }),
  );
  return fc.oneof(
    { weight: 6, arbitrary: object.map(json('json')) },
    { weight: 2, arbitrary: nastyJson.map(json('json-nasty')) },
    {
      weight: 2,
      arbitrary: fc.constantFrom(...MALFORMED_JSON).map((text) => ({
        kind: 'json-malformed',
        contentType: 'application/json',
        payload: text,
      })),
    },
    {
      weight: 2,
      arbitrary: object.map((value) => ({
        kind: 'form',
        contentType: 'application/x-www-form-urlencoded',
        payload: formOf(value),
      })),
    },
    {
      weight: 2,
      arbitrary: fc.tuple(object, file).map(([value, part]) => ({
        kind: 'multipart',
        contentType: `multipart/form-data; boundary=${BOUNDARY}`,
        payload: multipartOf(value, part),
      })),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(
          object,
          fc.constantFrom(
            `--${BOUNDARY}\r\n`,
            `--${BOUNDARY}\r\ncontent-disposition: form-data\r\n\r\nx`,
            'garbage',
            '',
          ),
        )
        .map(([, text]) => ({
          kind: 'multipart-broken',
          contentType: `multipart/form-data; boundary=${BOUNDARY}`,
          payload: text,
        })),
    },
    {
      weight: 2,
      arbitrary: fc.tuple(object, fc.constantFrom(...WRONG_TYPES)).map(([value, type]) => ({
        kind: 'wrong-type',
        contentType: type,
        payload: JSON.stringify(value),
      })),
    },
    {
      weight: 1,
      arbitrary: fc.constant({ kind: 'empty', contentType: 'application/json', payload: '' }),
    },
    {
      weight: 1,
      arbitrary: fc.constant({ kind: 'none', contentType: undefined, payload: undefined }),
    },
    {
      weight: 1,
      arbitrary: fc.constant({ kind: 'huge', contentType: 'application/json', payload: HUGE_JSON }),
    },
  );
}

const HEADER_NAMES = [
  'accept',
  'accept-language',
  'accept-encoding',
  'user-agent',
  'x-forwarded-for',
  'x-forwarded-proto',
  'x-forwarded-host',
  'host',
  'x-real-ip',
  'origin',
  'referer',
  'authorization',
  'range',
  'if-none-match',
  'if-modified-since',
  'content-encoding',
  'x-http-method-override',
  'tus-resumable',
  'upload-length',
  'upload-offset',
  'upload-metadata',
  'upload-defer-length',
  CAPTCHA_SOLUTION_HEADER,
  'sec-websocket-key',
  'upgrade',
];

const extraHeaders = (): fc.Arbitrary<Record<string, string>> =>
  fc.dictionary(
    fc.constantFrom(...HEADER_NAMES),
    fc
      .oneof(
        nastyString,
        fc.constantFrom(
          '1.0.0',
          '0',
          '-1',
          '100',
          '99999999999999999999',
          'bytes=0-',
          'bytes=9-1',
          'gzip',
          'br',
          'websocket',
          'filename ZmlsZS5tM3U4,filetype dmlkZW8vbXA0',
        ),
      )
      .map(headerSafe),
    { maxKeys: 3 },
  );

const NO_BODY: GeneratedBody = { kind: 'none', contentType: undefined, payload: undefined };

/** A body the declaration accepts: its schema as JSON, or (no schema, a write) a small image. */
function wellFormedBodyOf(route: FuzzRoute, pool: ValuePool): fc.Arbitrary<GeneratedBody> {
  if (route.body) {
    return objectOf(route.body, pool).map((value) => ({
      kind: 'json-valid',
      contentType: 'application/json',
      payload: JSON.stringify(value),
    }));
  }
  if (['GET', 'HEAD'].includes(route.method)) return fc.constant(NO_BODY);
  return fc.constant({
    kind: 'multipart-valid',
    contentType: `multipart/form-data; boundary=${BOUNDARY}`,
    payload: multipartOf({}, { name: 'avatar.png', type: 'image/png', bytes: PNG_BYTES }),
  });
}

const garbage = fc
  .oneof(
    nastyString,
    fc.constantFrom('a=b; ; =; web_id=; sessionid=%', '=;=;=', 'web_id=1; web_id=2'),
  )
  .map(headerSafe);

interface Parts {
  method: string;
  path: string;
  query: string;
  actor: Actor;
  garbage: string;
  headers: Record<string, string>;
  body: GeneratedBody;
  ip: string;
}

const requestFrom =
  (route: FuzzRoute) =>
  (parts: Parts): FuzzRequest => ({
    route: route.key,
    method: parts.method,
    url: `${parts.path}${parts.query}`,
    actor: parts.actor,
    garbage: parts.garbage,
    headers:
      parts.body.contentType === undefined
        ? parts.headers
        : { ...parts.headers, 'content-type': parts.body.contentType },
    payload: parts.body.payload,
    body: parts.body.kind,
    remoteAddress: parts.ip,
  });

/**
 * Requests for one route. A third are well formed, as the web app sends them (the declared
 * method, valid parameters and body, a signed-in user or a visitor with their token), so the
 * handlers' own checks are reached; the rest are hostile: any method now and then, nasty or raw
 * parameters, bodies of every encoding and none, wrong content types, forged or missing cookies
 * and tokens, odd headers, any address.
 */
export function requestOf(route: FuzzRoute, pool: ValuePool): fc.Arbitrary<FuzzRequest> {
  const wellFormed = fc.record({
    method: fc.constant(route.method),
    path: pathOf(route, pool, true),
    query: wellFormedQueryOf(route, pool),
    actor: fc.constantFrom<Actor>('alice', 'alice', 'bob', 'visitor'),
    garbage: fc.constant(''),
    headers: fc.constant({}),
    body: wellFormedBodyOf(route, pool),
    ip: fc.oneof(fc.constant('127.0.0.1'), fc.ipV4()),
  });
  const sendsBody = route.body !== undefined || !['GET', 'HEAD'].includes(route.method);
  const hostile = fc.record({
    method: fc.oneof(
      { weight: 9, arbitrary: fc.constant(route.method) },
      { weight: 1, arbitrary: fc.constantFrom(...METHODS) },
    ),
    path: pathOf(route, pool, false),
    query: hostileQueryOf(route, pool),
    actor: fc.constantFrom(...ACTORS),
    garbage,
    headers: extraHeaders(),
    body: sendsBody
      ? bodyOf(route, pool)
      : fc.oneof(
          { weight: 9, arbitrary: fc.constant(NO_BODY) },
          { weight: 1, arbitrary: bodyOf(route, pool) },
        ),
    ip: fc.oneof(fc.constant('127.0.0.1'), fc.ipV4(), fc.ipV6()),
  });
  return fc
    .oneof({ weight: 1, arbitrary: wellFormed }, { weight: 2, arbitrary: hostile })
    .map(requestFrom(route));
}
