import {
  CAPTCHA_HEADER,
  CAPTCHA_SOLUTION_HEADER,
  CSRF_HEADER,
  REQUEST_TIMEOUT_MS,
} from '../api/constants.ts';
import { createCaptchaGate, type CaptchaHook } from './captcha-gate.ts';
import { buildUrl, formBody, multipartFormBody } from './encode.ts';
import {
  ApiError,
  CaptchaError,
  CsrfError,
  LoginRequiredError,
  RequestFailedError,
  ServerError,
} from './errors.ts';
import type { Transport } from './transport.ts';
import {
  fieldNames,
  fillPath,
  unauthorizedRuleOf,
  type CallArgs,
  type CallDeclaration,
  type CallOutput,
  type UnauthorizedRule,
} from '../calls/call.ts';

export interface ClientOptions {
  transport: Transport;
  /** e.g. 'http://127.0.0.1:3000' or location.origin */
  baseUrl: string;
  getCsrfToken?: () => string | undefined;
  hooks?: ClientHooks;
  /**
   * Default REQUEST_TIMEOUT_MS (10 s). `null`: none, for an in-process transport, whose
   * request runs to its end whatever the caller does (the server bounds it, not the network).
   */
  timeoutMs?: number | null;
}

export interface ClientHooks {
  /**
   * SPEC §6: a 401 on a call; the web app follows the call's declared rule (the login prompt,
   * nothing, or the single sign-on redirect).
   */
  onUnauthorized?: (info: { path: string; rule: UnauthorizedRule }) => void;
  /**
   * SPEC §4 captcha: called when a response carries CAPTCHA_HEADER; resolve the solution to
   * repeat the request with it (in CAPTCHA_SOLUTION_HEADER), or null to reject. While one is
   * pending, later requests wait for it.
   */
  captcha?: CaptchaHook;
}

export interface MelonClient {
  /** Makes a declared call (packages/shared/src/calls) with its input; answers its `data`. */
  call<D extends CallDeclaration>(declaration: D, ...args: CallArgs<D>): Promise<CallOutput<D>>;
}

/** A server that keeps asking after this many solved captchas is answered with CaptchaError. */
const MAX_CAPTCHA_ROUNDS = 3;
const LOGIN_REQUIRED_CODE = 1010;

interface Answer {
  status: number;
  captcha: boolean;
  /** Parsed JSON, else the text. */
  body: unknown;
}

interface WireEnvelope {
  code: number;
  message: string;
  data: unknown;
  errno?: unknown;
  success?: unknown;
  field?: unknown;
}

/** The repeat of a request the captcha was solved for carries the solution, once. */
function withSolution(init: RequestInit, solution: string | null): RequestInit {
  if (solution === null) return init;
  const headers = new Headers(init.headers);
  headers.set(CAPTCHA_SOLUTION_HEADER, solution);
  return { ...init, headers };
}

function parseBody(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function readEnvelope(body: unknown): WireEnvelope | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const fields = body as Partial<Record<keyof WireEnvelope, unknown>>;
  if (typeof fields.code !== 'number') return undefined;
  return {
    code: fields.code,
    message: typeof fields.message === 'string' ? fields.message : '',
    data: fields.data ?? null,
    errno: fields.errno,
    success: fields.success,
    field: fields.field,
  };
}

export function createClient(options: ClientOptions): MelonClient {
  const { transport, baseUrl, getCsrfToken, hooks = {}, timeoutMs = REQUEST_TIMEOUT_MS } = options;
  const captcha = createCaptchaGate(hooks.captcha);

  /** One round trip, the body read included, bounded by the timeout. */
  async function exchange(url: string, init: RequestInit): Promise<Answer> {
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    // Raced against the transport too, since an in-process transport may ignore the signal.
    const timedOut = new Promise<never>((_resolve, reject) => {
      if (timeoutMs === null) return;
      timer = setTimeout(() => {
        controller.abort();
        reject(new RequestFailedError(url));
      }, timeoutMs);
    });
    try {
      const request = new Request(url, {
        ...init,
        credentials: 'include',
        signal: controller.signal,
      });
      const response = await Promise.race([transport(request), timedOut]);
      const text = await Promise.race([response.text(), timedOut]);
      return {
        status: response.status,
        captcha: response.headers.has(CAPTCHA_HEADER),
        body: parseBody(text),
      };
    } catch (error) {
      if (error instanceof RequestFailedError) throw error;
      throw new RequestFailedError(url, { cause: error });
    } finally {
      clearTimeout(timer);
    }
  }

  function interpret(declaration: CallDeclaration, { status, body }: Answer): unknown {
    const envelope = readEnvelope(body);
    if (status === 401 || envelope?.code === 401) {
      hooks.onUnauthorized?.({ path: declaration.path, rule: unauthorizedRuleOf(declaration) });
      throw new ApiError({ code: 401, status, message: envelope?.message ?? '', data: null });
    }
    if (status >= 500) {
      throw new ServerError({
        code: envelope?.code ?? status,
        status,
        message: envelope?.message ?? '',
        body,
      });
    }
    if (!envelope) throw new ApiError({ code: status, status, message: `HTTP ${status}` });
    const init = {
      code: envelope.code,
      status,
      message: envelope.message,
      data: envelope.data,
      ...(typeof envelope.field === 'string' ? { field: envelope.field } : {}),
    };
    if (envelope.success === false && envelope.code === LOGIN_REQUIRED_CODE)
      throw new LoginRequiredError(init);
    if (
      status === 403 &&
      envelope.code === 1 &&
      envelope.errno === 1 &&
      /csrf/i.test(envelope.message)
    ) {
      throw new CsrfError(init);
    }
    const okStatus = declaration.strictOk ? status === 200 : status >= 200 && status < 300;
    if (okStatus && envelope.code === 200) return envelope.data;
    throw new ApiError(init);
  }

  async function send(
    declaration: CallDeclaration,
    url: string,
    init: () => RequestInit,
  ): Promise<unknown> {
    const { path } = declaration;
    let solution: string | null = null;
    for (let round = 1; ; round += 1) {
      await captcha.idle();
      const request = init();
      const answer = await exchange(url, withSolution(request, solution));
      if (!answer.captcha) return interpret(declaration, answer);
      solution = round > MAX_CAPTCHA_ROUNDS ? null : await captcha.solve(path);
      if (solution === null) {
        const envelope = readEnvelope(answer.body);
        throw new CaptchaError({
          code: envelope?.code ?? answer.status,
          status: answer.status,
          message: envelope?.message ?? 'captcha required',
        });
      }
    }
  }

  function headers(contentType?: string): Headers {
    const result = new Headers({ accept: 'application/json' });
    if (contentType) result.set('content-type', contentType);
    const token = getCsrfToken?.();
    if (token) result.set(CSRF_HEADER, token);
    return result;
  }

  /** The request of a call: its input split into path parameters, query and body. */
  function requestOf(
    declaration: CallDeclaration,
    input: Readonly<Record<string, unknown>>,
  ): { url: string; init: () => RequestInit } {
    const pathFields = new Set(fieldNames(declaration.params));
    const queryFields = new Set(fieldNames(declaration.query));
    const query: Record<string, unknown> = {};
    const body: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(input)) {
      if (pathFields.has(key)) continue;
      if (declaration.method === 'GET' || queryFields.has(key)) query[key] = value;
      else body[key] = value;
    }
    const url = buildUrl(baseUrl, fillPath(declaration.path, input), query);
    if (declaration.answer === 'event-stream') {
      throw new Error(`${declaration.path} answers an event stream: open it with EventSource`);
    }
    if (declaration.method === 'GET') {
      return { url, init: () => ({ method: 'GET', headers: headers() }) };
    }
    // A file travels with its upload helper; a multipart call of text fields is sent here.
    if (declaration.encoding === 'multipart' && !declaration.body) {
      throw new Error(`${declaration.path} takes a multipart body: send it with its upload helper`);
    }
    if (!declaration.body) return { url, init: () => ({ method: 'POST', headers: headers() }) };
    if (declaration.encoding === 'multipart') {
      // No content type: fetch sets multipart/form-data with the boundary.
      return {
        url,
        init: () => ({ method: 'POST', headers: headers(), body: multipartFormBody(body) }),
      };
    }
    if (declaration.encoding === 'form') {
      return {
        url,
        init: () => ({
          method: 'POST',
          headers: headers('application/x-www-form-urlencoded'),
          body: formBody(body),
        }),
      };
    }
    return {
      url,
      init: () => ({
        method: 'POST',
        headers: headers('application/json'),
        body: JSON.stringify(body),
      }),
    };
  }

  return {
    async call<D extends CallDeclaration>(declaration: D, ...args: CallArgs<D>) {
      const [input = {}] = args as [Readonly<Record<string, unknown>>?];
      const { url, init } = requestOf(declaration, input);
      // The server serialises `data` through the declaration's response schema.
      return (await send(declaration, url, init)) as CallOutput<D>;
    },
  };
}
