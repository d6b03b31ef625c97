import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { ErrorEnvelope } from '@melon/shared/api/envelope';
import { ApiError } from '../../http/api-error.ts';
import { validationField } from '../../http/field-messages.ts';
import { DomainError, type DomainErrorKind } from '../../lib/domain-error.ts';
import { errorMessages as m } from './error-messages.ts';

const STATUS_OF_KIND: Record<DomainErrorKind, number> = {
  invalid: 400,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  too_large: 413,
  too_frequent: 429,
  unavailable: 503,
};

/** A domain failure as its SPEC §8 answer: the status doubles as the code. */
function fromDomainError(error: DomainError): ApiError {
  const status = STATUS_OF_KIND[error.kind];
  const { field, waitSeconds } = error.details;
  const extra = field === undefined ? {} : { field };
  if (waitSeconds === undefined) return new ApiError(status, status, error.message, extra);
  return new ApiError(status, status, error.message, extra, {
    data: { retry_after: waitSeconds },
    headers: { 'retry-after': String(waitSeconds) },
  });
}

function send(reply: FastifyReply, error: ApiError): FastifyReply {
  const body: ErrorEnvelope = {
    code: error.code,
    message: error.message,
    data: error.data,
    ...error.extra,
  };
  return reply.status(error.statusCode).headers(error.headers).send(body);
}

/** Fastify's own errors (validation, body parsing, content type, size, the router) in the API's terms. */
function fromFastifyError(error: FastifyError): ApiError {
  if (error.validation) {
    const first = error.validation[0];
    const field = first ? validationField(first) : (error.validationContext ?? 'request');
    return new ApiError(400, 400, `参数 ${field} 不合法：${first?.message ?? '格式错误'}`, {
      field,
    });
  }
  const status = error.statusCode ?? 500;
  switch (error.code) {
    case 'FST_ERR_BAD_URL':
      return new ApiError(400, 400, m.badUrl);
    case 'FST_ERR_MAX_PARAM_LENGTH':
      return new ApiError(414, 414, m.urlTooLong);
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return new ApiError(415, 415, m.unsupportedMediaType);
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new ApiError(413, 413, m.bodyTooLarge);
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return new ApiError(400, 400, m.invalidJson);
    default:
      break;
  }
  // Any other refusal of Fastify or a plugin (static files, multipart): its status, our words.
  if (status >= 400 && status < 500) {
    return new ApiError(status, status, m.byStatus[status] ?? m.otherRefusal);
  }
  return new ApiError(500, 500, m.serverError);
}

/** Turns any failure into its SPEC §8 answer, and logs the server's own. */
function answer(
  error: FastifyError | ApiError | DomainError,
  request: FastifyRequest,
  reply: FastifyReply,
): FastifyReply {
  const apiError =
    error instanceof ApiError
      ? error
      : error instanceof DomainError
        ? fromDomainError(error)
        : fromFastifyError(error);
  if (apiError.statusCode >= 500) request.log.error({ err: error }, 'request failed');
  return send(reply, apiError);
}

/**
 * Fastify's `frameworkErrors` option: the router's refusals (a path with a bad escape, a
 * parameter past the length limit) come before any route, so the error handler never sees them.
 */
export const answerFrameworkError = (
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
): void => {
  answer(error, request, reply);
};

/** One error handler for the whole API: every failure leaves as the SPEC §8 envelope. */
export default fp(
  (app: FastifyInstance) => {
    app.setErrorHandler(answer);
  },
  { name: 'error-handler' },
);
