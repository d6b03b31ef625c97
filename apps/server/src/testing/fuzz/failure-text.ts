import type { FuzzFailure } from './route-fuzzer.ts';

const excerpt = (text: string, length: number): string =>
  text.length > length ? `${text.slice(0, length)}… (${text.length} chars)` : text;

/** One failure as a reader needs it to replay the request: what, where, as whom, with what. */
export function failureText(failure: FuzzFailure): string {
  const { request } = failure;
  const payload =
    request.payload === undefined
      ? '(no body)'
      : excerpt(Buffer.from(request.payload).toString('utf8'), 300);
  return [
    `#${failure.index} ${failure.kind} on ${request.route}: ${failure.detail}`,
    `  ${request.method} ${excerpt(request.url, 300)}`,
    `  as ${request.actor} from ${request.remoteAddress}, headers ${excerpt(JSON.stringify(request.headers), 300)}`,
    `  ${request.body} body: ${payload}`,
  ].join('\n');
}
