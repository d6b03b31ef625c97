import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { judgeAnswer, type AnswerProblem } from './fuzz-answers.ts';
import { requestOf, type FuzzRequest } from './fuzz-requests.ts';
import { createFuzzWorld } from './fuzz-world.ts';
import { fuzzRoutes, type FuzzRoute, type OpenApiDocument } from './route-table.ts';
import { createStateWatch } from './state-digest.ts';
import { moveDemoMediaToStorage } from '../../demo/demo-media-to-storage.ts';
import type { MediaStorage } from '../../storage/media-storage.ts';
import type { TestApp } from '../test-app.ts';

/** A request that ends no answer in this long is a hang (an event stream left open, a lock). */
const HANG_MS = 20_000;

export type FailureKind = AnswerProblem | 'state-change' | 'threw' | 'hung';

export interface FuzzFailure {
  kind: FailureKind;
  detail: string;
  /** 0-based position of the request in the run: with the seed, where to find it again. */
  index: number;
  request: FuzzRequest;
}

export interface RouteCount {
  tried: number;
  refused: number;
}

export interface FuzzReport {
  seed: number;
  tried: number;
  perRoute: Map<string, RouteCount>;
  failures: FuzzFailure[];
  /** Failures by kind, for the summary. */
  byKind: Map<FailureKind, number>;
}

export interface RouteFuzzer {
  routes: FuzzRoute[];
  /** `runs` requests from the seed; every failure is recorded, none stops the run. */
  run: (options: {
    seed: number;
    runs: number;
    onProgress?: (tried: number) => void;
  }) => Promise<FuzzReport>;
}

type Sent = LightMyRequestResponse | { error: string };

/**
 * The fuzzer for an app: its routes, from the OpenAPI document and the route tree, on a small
 * world. An app on an S3 store passes the bucket: the world's files go there, and its keys are
 * watched for changes as the data dir's files are.
 */
export async function createRouteFuzzer(
  t: TestApp,
  bucket?: { storage: MediaStorage; keys: () => Promise<string[]> },
): Promise<RouteFuzzer> {
  const openapi = await t.app.inject({ method: 'GET', url: '/openapi.json' });
  if (openapi.statusCode !== 200) {
    throw new Error(`GET /openapi.json answered ${openapi.statusCode}: the fuzzer reads it`);
  }
  const routes = fuzzRoutes(t.app, openapi.json<OpenApiDocument>());
  const world = await createFuzzWorld(t);
  if (bucket) await moveDemoMediaToStorage(t.dataDir, bucket.storage);
  const changesSinceLastLook = await createStateWatch(t.db, t.dataDir, bucket?.keys);
  const byKey = new Map(routes.map((route) => [route.key, route]));
  // Every route equally often; each route's arbitrary built once (building is the slow part).
  const perRoute = routes.map((route) => requestOf(route, world));
  const requests = fc.oneof(...perRoute);

  const send = (request: FuzzRequest): Promise<Sent> => {
    let timer: NodeJS.Timeout | undefined;
    const hang = new Promise<Sent>((resolve) => {
      timer = setTimeout(() => {
        resolve({ error: `no answer in ${HANG_MS} ms` });
      }, HANG_MS);
    });
    const answer = t.app
      .inject({
        method: request.method as 'GET',
        url: request.url,
        headers: { ...request.headers, ...world.headersOf(request.actor, request.garbage) },
        ...(request.payload === undefined ? {} : { payload: request.payload }),
        remoteAddress: request.remoteAddress,
      })
      .catch((error: unknown) => ({ error: String(error) }));
    return Promise.race([answer, hang]).finally(() => {
      clearTimeout(timer);
    });
  };

  return {
    routes,
    run: async ({ seed, runs, onProgress }) => {
      const report: FuzzReport = {
        seed,
        tried: 0,
        perRoute: new Map(),
        failures: [],
        byKind: new Map(),
      };
      for (const route of routes) report.perRoute.set(route.key, { tried: 0, refused: 0 });
      const fail = (kind: FailureKind, detail: string, request: FuzzRequest) => {
        report.failures.push({ kind, detail, index: report.tried - 1, request });
        report.byKind.set(kind, (report.byKind.get(kind) ?? 0) + 1);
      };
      await fc.assert(
        fc.asyncProperty(requests, async (request) => {
          report.tried += 1;
          onProgress?.(report.tried);
          const route = byKey.get(request.route);
          const count = report.perRoute.get(request.route);
          if (!route || !count) throw new Error(`unknown route ${request.route}`);
          count.tried += 1;
          const response = await send(request);
          if ('error' in response) {
            const kind = response.error.startsWith('no answer') ? 'hung' : 'threw';
            fail(kind, response.error, request);
            await changesSinceLastLook();
            return true;
          }
          const answer = judgeAnswer(request.method, route.answers, response);
          for (const problem of answer.problems) fail(problem.kind, problem.detail, request);
          const changed = await changesSinceLastLook();
          if (answer.refused) {
            count.refused += 1;
            if (changed.length > 0) {
              fail('state-change', `${response.statusCode} changed ${changed.join(', ')}`, request);
            }
          } else if (request.method !== 'GET' && request.method !== 'HEAD') {
            // A write may sign alice or bob out: sign them in again, outside any request's look.
            await world.keepSignedIn();
            await changesSinceLastLook();
          }
          return true;
        }),
        {
          seed,
          numRuns: runs,
          endOnFailure: true,
          // One request of every route first (drawn from the seed), so a bounded run tries each
          // route however many there are; the random runs follow.
          examples: perRoute.map((arbitrary, index) => [
            fc.sample(arbitrary, { seed: seed + index, numRuns: 1 })[0] as FuzzRequest,
          ]),
        },
      );
      return report;
    },
  };
}
