import type { FastifyInstance } from 'fastify';
import { registeredRoutes } from './registered-routes.ts';
import type { JsonSchema } from './schema-values.ts';

/**
 * What a route answers when it succeeds; every refusal is the SPEC §8 envelope whatever the kind,
 * but on a route that speaks a third party's protocol ('foreign': a payment provider's notify, the
 * sandbox gateways that play the providers), whose answers that protocol sets.
 */
export type AnswerKind = 'envelope' | 'event-stream' | 'document' | 'foreign';

export interface NamedSchema {
  name: string;
  schema: JsonSchema;
  required: boolean;
}

/** A route to fuzz: from the OpenAPI document when it is there, else from the route tree alone. */
export interface FuzzRoute {
  /** `METHOD path`, the name in reports. */
  key: string;
  method: string;
  /** Fastify's form: `:name` parameters, a trailing `*`. */
  path: string;
  params: NamedSchema[];
  query: NamedSchema[];
  /** The declared body, when there is one. */
  body: JsonSchema | undefined;
  answers: AnswerKind;
  /** In the OpenAPI document (false: a hidden route, fuzzed without a schema). */
  documented: boolean;
}

interface OpenApiParameter {
  in: string;
  name: string;
  required?: boolean;
  schema?: JsonSchema;
}

interface OpenApiOperation {
  parameters?: OpenApiParameter[];
  requestBody?: { content: Record<string, { schema?: JsonSchema }> };
  responses?: Record<string, { content?: Record<string, { schema?: JsonSchema }> }>;
}

export interface OpenApiDocument {
  paths: Record<string, Record<string, OpenApiOperation>>;
}

/** A success whose schema is the envelope (code, message, data), or the kind it answers instead. */
function answerKindOf(operation: OpenApiOperation | undefined): AnswerKind {
  const content = operation?.responses?.['200']?.content ?? {};
  if (content['text/event-stream']) return 'event-stream';
  const properties = content['application/json']?.schema?.properties ?? {};
  return 'code' in properties && 'data' in properties ? 'envelope' : 'document';
}

/**
 * Hidden routes that answer files, pages, tus's empty answers, robots.txt or sitemaps rather than
 * the envelope when they succeed.
 */
const DOCUMENT_PATHS =
  /^\/(docs\/api|openapi\.json|metrics|healthz|readyz|media|media-backup|ws|api\/upload\/video|robots\.txt|sitemap[^/]*\.xml)(\/|$)/;

/** Routes that speak a payment provider's protocol (decision 048): notifies and sandbox gateways. */
const FOREIGN_PATHS = /^\/(api\/pay\/notify|pay-sandbox)(\/|$)/;

const namedOf = (parameters: OpenApiParameter[], where: string): NamedSchema[] =>
  parameters
    .filter((parameter) => parameter.in === where)
    .map((parameter) => ({
      name: parameter.name,
      schema: parameter.schema ?? {},
      required: parameter.required ?? false,
    }));

/** `/a/{b}` of OpenAPI as Fastify's `/a/:b`. */
const fastifyPath = (openApiPath: string): string => openApiPath.replace(/\{([^}]+)\}/g, ':$1');

function hiddenKindOf(path: string): AnswerKind {
  if (FOREIGN_PATHS.test(path)) return 'foreign';
  return DOCUMENT_PATHS.test(path) ? 'document' : 'envelope';
}

/**
 * Every registered route (HEAD beside each GET, the catch-alls, hidden ones), each with what the
 * OpenAPI document says of its method and path.
 */
export function fuzzRoutes(app: FastifyInstance, document: OpenApiDocument): FuzzRoute[] {
  const operations = new Map<string, OpenApiOperation>();
  for (const [path, methods] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      operations.set(`${method.toUpperCase()} ${fastifyPath(path)}`, operation);
    }
  }
  return registeredRoutes(app).map(({ method, path }) => {
    const key = `${method} ${path}`;
    const operation = operations.get(key) ?? operations.get(`GET ${path}`);
    const parameters = operation?.parameters ?? [];
    const params = namedOf(parameters, 'path');
    const pathNames = [...path.matchAll(/:(\w+)/g)].map((match) => match[1] ?? '');
    for (const name of pathNames) {
      if (!params.some((param) => param.name === name)) {
        params.push({ name, schema: { type: 'string' }, required: true });
      }
    }
    const kind = operation ? answerKindOf(operation) : undefined;
    return {
      key,
      method,
      path,
      params,
      query: namedOf(parameters, 'query'),
      body: operation?.requestBody?.content['application/json']?.schema,
      answers: kind ?? hiddenKindOf(path),
      documented: operation !== undefined,
    };
  });
}
