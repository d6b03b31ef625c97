import type { Static, TObject, TSchema } from 'typebox';
import type { LoginSource } from './login-sources.ts';
import type { RateLimitBucket } from './rate-limit-buckets.ts';

/**
 * What a 401 on a call leads to in the web app (SPEC §6): the login prompt with its source,
 * nothing (danmaku calls, and calls whose page answers a 401 itself), or the single sign-on
 * redirect (every other call).
 */
export type UnauthorizedRule = { prompt: LoginSource } | 'ignore' | 'redirect';

/** How a POST carries its body: JSON, an HTML form, or multipart (files). */
export type BodyEncoding = 'json' | 'form' | 'multipart';

/**
 * One call of the API (SPEC §7), declared once: the server registers its route from this and
 * the web app's typed client makes its request from it. `path` is the SPEC path, with `:name`
 * for a path parameter described by `params`. Every call also accepts `aid` in its query.
 */
export interface CallDeclaration {
  method: 'GET' | 'POST';
  path: string;
  /** The OpenAPI group and one line saying what the call does (Chinese, as the docs page). */
  tag: string;
  summary: string;
  params?: TObject;
  query?: TObject;
  body?: TObject;
  /** For a POST; 'json' when left out. A multipart body is not described by `body`. */
  encoding?: BodyEncoding;
  /** The schema of the envelope's `data` on success (of each event, for an event stream). */
  response: TSchema;
  /**
   * 'event-stream': a success is Server-Sent Events, one `response` object per message, opened
   * with EventSource at the call's URL rather than made through the client; failures before
   * the stream opens are envelopes as usual. 'envelope' when left out.
   */
  answer?: 'envelope' | 'event-stream';
  /** 'required': a visitor gets 401 before anything else is looked at. */
  signIn?: 'required';
  /** SPEC §6; 'redirect' when left out. */
  onUnauthorized?: UnauthorizedRule;
  /** The bucket the call counts in, if it is limited. */
  rateLimit?: RateLimitBucket;
  /**
   * 'required': a GET that writes checks the anti-forgery header as every POST does (the
   * server refuses it with the SPEC §8 csrf failure before anything is looked at).
   */
  csrf?: 'required';
  /** SPEC §8 pay calls: the client rejects the answer unless HTTP 200 and body code 200. */
  strictOk?: true;
}

/** Declares a call; the literal types of the declaration are kept for inference. */
export function defineCall<const D extends CallDeclaration>(declaration: D): D {
  return declaration;
}

type PartOf<D, K extends 'params' | 'query' | 'body'> =
  D extends Record<K, infer S extends TSchema> ? Static<S> : unknown;

/** The input of a call: its path parameters, query and body fields together. */
export type CallInput<D extends CallDeclaration> = PartOf<D, 'params'> &
  PartOf<D, 'query'> &
  PartOf<D, 'body'>;

/** The `data` of a call's successful answer. */
export type CallOutput<D extends CallDeclaration> = Static<D['response']>;

/** Whether the call takes any input besides aid. */
type TakesInput<D extends CallDeclaration> = D extends
  { params: TSchema } | { query: TSchema } | { body: TSchema }
  ? true
  : false;

/** The arguments after the declaration: the input when the call takes one. */
export type CallArgs<D extends CallDeclaration> =
  TakesInput<D> extends true ? [input: CallInput<D>] : [];

/** The names of a part's fields, for splitting an input into path, query and body. */
export function fieldNames(schema: TObject | undefined): string[] {
  return schema ? Object.keys(schema.properties) : [];
}

/** The call's path with its `:name` parameters filled in from `input`. */
export function fillPath(path: string, input: Readonly<Record<string, unknown>>): string {
  return path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_match, name: string) => {
    const value = input[name];
    if (typeof value !== 'string' && typeof value !== 'number') {
      throw new Error(`missing path parameter ${name}`);
    }
    return encodeURIComponent(value);
  });
}

/** SPEC §6 rule of a call. */
export const unauthorizedRuleOf = (declaration: CallDeclaration): UnauthorizedRule =>
  declaration.onUnauthorized ?? 'redirect';
