import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifySchema,
  onRequestAsyncHookHandler,
  onRequestHookHandler,
  RouteShorthandOptions,
} from 'fastify';
import Type, { type TObject } from 'typebox';
import type { CallDeclaration, CallInput, CallOutput } from '@melon/shared/calls/call';
import { limitOfBucket } from './rate-limits.ts';
import type { SessionUser } from '../../http/session-user.ts';
import { loginRequired } from '../../http/api-error.ts';
import { envelopeOf, ErrorEnvelope, ok, RetryLaterEnvelope } from '../../http/envelope.ts';

/** What a handler is given besides the call's input. */
export interface CallContext<D extends CallDeclaration> {
  request: FastifyRequest;
  reply: FastifyReply;
  /** The signed-in user: never null for a call that declares `signIn: 'required'`. */
  user: D extends { signIn: 'required' } ? SessionUser : SessionUser | null;
}

/**
 * A call's handler: the validated input in, the envelope's `data` out. A handler that sends the
 * answer itself (serialised bytes, a redirect) returns the reply.
 */
export type CallHandler<D extends CallDeclaration> = (
  input: CallInput<D>,
  context: CallContext<D>,
) => Promise<CallOutput<D> | FastifyReply> | CallOutput<D> | FastifyReply;

/** Route options a declaration does not cover: a body limit, extra hooks. */
export type RouteExtras = Pick<RouteShorthandOptions, 'bodyLimit' | 'config'> & {
  onRequest?: onRequestHookHandler | onRequestAsyncHookHandler;
};

/** Every call accepts the application id (SPEC §7: aid 1768) in its query. */
const Aid = { aid: Type.Optional(Type.Integer()) };

/** A visitor is refused before the body is read: a write from nobody is not even received. */
const signedInOnly: onRequestHookHandler = (request, _reply, done) => {
  done(request.user ? undefined : loginRequired());
};

/**
 * The success answer: the envelope around `data`, or, for an event stream, the messages (its
 * handler writes them itself, so this only documents them).
 */
function successOf(declaration: CallDeclaration) {
  if (declaration.answer !== 'event-stream') return envelopeOf(declaration.response);
  return {
    description: 'Server-Sent Events: one JSON message per event',
    content: { 'text/event-stream': { schema: declaration.response } },
  };
}

function schemaOf(declaration: CallDeclaration): FastifySchema {
  const query: TObject = Type.Object({ ...declaration.query?.properties, ...Aid });
  return {
    tags: [declaration.tag],
    summary: declaration.summary,
    ...(declaration.params ? { params: declaration.params } : {}),
    querystring: query,
    ...(declaration.body ? { body: declaration.body } : {}),
    ...(declaration.encoding === 'multipart' ? { consumes: ['multipart/form-data'] } : {}),
    response: {
      200: successOf(declaration),
      429: RetryLaterEnvelope,
      '4xx': ErrorEnvelope,
      '5xx': ErrorEnvelope,
    },
  };
}

function onRequestOf(
  app: FastifyInstance,
  declaration: CallDeclaration,
  extras: RouteExtras,
): (onRequestHookHandler | onRequestAsyncHookHandler)[] {
  return [
    ...(declaration.signIn === 'required' ? [signedInOnly] : []),
    // Signed in before counted: a visitor's attempts use up nobody's allowance.
    ...(declaration.rateLimit ? [limitOfBucket(app, declaration.rateLimit)] : []),
    ...(extras.onRequest ? [extras.onRequest] : []),
  ];
}

/**
 * Registers the route of a declared call (packages/shared/src/calls): path, method, validation,
 * serialisation, OpenAPI, the sign-in rule and the rate limit all come from the declaration, so
 * a module writes only the handler.
 */
export function route<D extends CallDeclaration>(
  app: FastifyInstance,
  declaration: D,
  handler: CallHandler<D>,
  extras: RouteExtras = {},
): void {
  app.route({
    method: declaration.method,
    url: declaration.path,
    schema: schemaOf(declaration),
    onRequest: onRequestOf(app, declaration, extras),
    ...(extras.bodyLimit === undefined ? {} : { bodyLimit: extras.bodyLimit }),
    ...(extras.config === undefined && declaration.csrf === undefined
      ? {}
      : { config: { ...extras.config, ...(declaration.csrf ? { csrf: declaration.csrf } : {}) } }),
    handler: async (request, reply) => {
      // Validated against the declaration's schemas above: the input has the declared types.
      const input = {
        ...(request.params as object),
        ...(request.query as object),
        ...(request.body as object | undefined),
      } as CallInput<D>;
      const context = { request, reply, user: request.user } as CallContext<D>;
      const result = await handler(input, context);
      // A reply is a thenable: awaiting one that a handler returned gives undefined once the
      // answer is out, so whether the handler answered itself is read off the reply.
      return reply.sent ? reply : ok(result);
    },
  });
}
