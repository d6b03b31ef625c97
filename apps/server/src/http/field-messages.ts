import type { FastifyInstance, FastifySchemaValidationError } from 'fastify';
import { invalid } from '../lib/domain-error.ts';

type SchemaErrorFormatter = Parameters<FastifyInstance['setSchemaErrorFormatter']>[0];

/** The dotted path of the field a validation issue is about, e.g. `d.0.k` or `channelId`. */
export function validationField(issue: FastifySchemaValidationError): string {
  const params = issue.params as { missingProperty?: string; additionalProperty?: string };
  const parent = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
  const child = params.missingProperty ?? params.additionalProperty;
  if (child === undefined) return parent || 'request';
  return parent ? `${parent}.${child}` : child;
}

/**
 * What a form shows under one field: when it is left out, when it is there but wrong, and, when
 * it says something else, when it does not match the schema's `pattern`.
 */
export interface FieldMessage {
  missing: string;
  invalid: string;
  pattern?: string;
}

/**
 * Validation errors in the user's words: a field named here gets its own message (400 naming
 * the field); any other keeps the error handler's generic one.
 */
export function fieldMessageFormatter(
  messages: Readonly<Record<string, FieldMessage>>,
): SchemaErrorFormatter {
  return (errors) => {
    const first = errors[0];
    const field = first ? validationField(first) : 'request';
    const message = messages[field];
    // A plain error: Fastify attaches the issues and the error handler words it.
    if (!message || !first) return new Error('validation failed');
    if (first.keyword === 'required') return invalid(message.missing, field);
    if (first.keyword === 'pattern' && message.pattern) return invalid(message.pattern, field);
    return invalid(message.invalid, field);
  };
}
