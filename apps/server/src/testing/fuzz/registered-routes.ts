import type { FastifyInstance } from 'fastify';

export interface RegisteredRoute {
  method: string;
  /** Fastify's form: `:name` parameters, a trailing `*`. */
  path: string;
}

const LINE = /^((?:│ {3}| {4})*)(?:├── |└── )(.*?)(?: \(([A-Z, ]+)\))?$/u;

/**
 * Every route the app registered, hidden ones (tus, media files, health, the catch-alls) included:
 * read from Fastify's route tree, where each line adds its segment to its parent's path.
 */
export function registeredRoutes(app: FastifyInstance): RegisteredRoute[] {
  const routes: RegisteredRoute[] = [];
  const stack: string[] = [];
  for (const line of app.printRoutes().split('\n')) {
    const match = LINE.exec(line);
    if (!match) continue;
    const depth = (match[1] ?? '').length / 4;
    stack.length = depth;
    stack.push(match[2] ?? '');
    const path = stack.join('');
    for (const method of match[3]?.split(', ') ?? []) routes.push({ method, path });
  }
  return routes;
}
